package replay

import (
	"errors"
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

// LoadFile reads the raw model answers recorded in a YAML file, in order. Two
// forms are accepted: a plain list of answers, or a fixture, whose answers are
// every turns[].model entry in turn order (model is one string or a list):
//
//	name: registers-new-customer
//	phone: "+5511988887777"
//	turns:
//	  - customer: ["Oi", "preciso de uma pesquisa de mercado"]
//	    model:
//	      - '{"s":1,"qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome?'
//	    expect: {state: DATA_COLLECT}
//
// Other fixture keys are ignored here. Errors name the file.
func LoadFile(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	answers, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("replay: %s: %w", path, err)
	}
	return answers, nil
}

func parse(data []byte) ([]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, errors.New("no model answers: the file is empty")
	}
	root := doc.Content[0]
	var answers []string
	switch root.Kind {
	case yaml.SequenceNode:
		if err := root.Decode(&answers); err != nil {
			return nil, fmt.Errorf("a list of answers must hold strings: %w", err)
		}
	case yaml.MappingNode:
		var f fixture
		if err := root.Decode(&f); err != nil {
			return nil, fmt.Errorf("not a fixture: %w", err)
		}
		for _, t := range f.Turns {
			answers = append(answers, t.Model...)
		}
	default:
		return nil, fmt.Errorf("line %d: want a list of answers or a fixture with turns", root.Line)
	}
	if len(answers) == 0 {
		return nil, errors.New("no model answers")
	}
	return answers, nil
}

// fixture is the part of a recorded conversation that replay reads.
type fixture struct {
	Turns []struct {
		Model stringList `yaml:"model"`
	} `yaml:"turns"`
}

// modelEntry is one recorded model call of a fixture: a raw answer, written
// as a string or as {answer: ..., during_call: [...]}, or a failed call
// ({error: ...}), which has no answer to replay and is skipped here.
type modelEntry struct{ answer *string }

// UnmarshalYAML implements yaml.Unmarshaler.
func (e *modelEntry) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		var s string
		if err := n.Decode(&s); err != nil {
			return err
		}
		e.answer = &s
		return nil
	}
	var m struct {
		Answer *string `yaml:"answer"`
	}
	if err := n.Decode(&m); err != nil {
		return fmt.Errorf("line %d: a model entry is an answer string or a mapping with answer: %w", n.Line, err)
	}
	e.answer = m.Answer
	return nil
}

// stringList decodes one string or a list of model entries.
type stringList []string

// UnmarshalYAML accepts a scalar as a one-element list and null (a turn the
// model did not answer) as no element.
func (l *stringList) UnmarshalYAML(n *yaml.Node) error {
	if n.ShortTag() == "!!null" {
		*l = nil
		return nil
	}
	if n.Kind == yaml.ScalarNode {
		var s string
		if err := n.Decode(&s); err != nil {
			return err
		}
		*l = stringList{s}
		return nil
	}
	var entries []modelEntry
	if err := n.Decode(&entries); err != nil {
		return err
	}
	list := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.answer != nil {
			list = append(list, *e.answer)
		}
	}
	*l = list
	return nil
}
