package conversation

import (
	"strings"
	"sync"
)

// instructions keeps each agent's instructions (prompt + business and
// catalogue sections) as last rendered, for the generation of the content
// and of the business setting they were rendered from.
// They are the same kilobytes for every turn of every conversation until an
// admin edits the content, so rendering them per turn only fed the garbage
// collector (about 12 KB per turn).
type instructions struct {
	mu         sync.RWMutex
	generation generation
	byAgent    map[string]string
}

// get returns agent's instructions at the store's current generation,
// rendering them (render) when the content changed since they were kept.
func (c *instructions) get(generation generation, agent string, render func() string) string {
	c.mu.RLock()
	text, ok := c.byAgent[agent]
	fresh := ok && c.generation == generation
	c.mu.RUnlock()
	if fresh {
		return text
	}
	text = render()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.generation != generation || c.byAgent == nil {
		c.generation, c.byAgent = generation, map[string]string{}
	}
	c.byAgent[agent] = text
	return text
}

// generation is what the instructions are rendered from: the content
// store's generation and the business setting's.
type generation struct{ content, business uint64 }

// instructionsFor is the prompt of agent followed by the business and
// catalogue sections, or "" when the agent has no prompt.
func (e *Engine) instructionsFor(agent string) string {
	// The generation is read before the content, so what is rendered is at
	// least that generation: a change in between only costs one more render.
	generation := generation{e.content.Generation(), e.cfg.Business.gen()}
	return e.instructions.get(generation, agent, func() string {
		prompt := strings.TrimSpace(e.content.Prompt(agent))
		if prompt == "" {
			return ""
		}
		if business := businessSection(e.cfg.Business.Current()); business != "" {
			prompt += "\n\n" + business
		}
		return prompt + "\n\n" + e.catalogueSection()
	})
}
