package reports

import (
	"cmp"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// Cluster is the out-of-catalogue demands of one day that share a
// signature: how many, and the wordings customers used (a few, each with
// its count).
type Cluster struct {
	Signature string    `json:"sig"`
	Count     int       `json:"n"`
	Wordings  []Wording `json:"w"`
}

// Wording is one way a demand was written, and how often.
type Wording struct {
	Text  string `json:"t"`
	Count int    `json:"n"`
}

// maxWordings bounds the wordings a cluster keeps: the report shows the
// commonest and a few others, and a day item stays small.
const maxWordings = 5

// nearJaccard is how alike two signatures' words must be for their
// clusters to join in a report: half of their words in common ("conserto
// geladeira" and "conserto geladeira frost free" do).
const nearJaccard = 0.5

// Signature is the key demands that say the same thing share: lower case,
// accents and punctuation out, the words that carry no meaning out, the
// others sorted and each once. "Vocês consertam geladeira?" and "conserto
// de geladeiras" differ; "Geladeira, conserto" and "conserto da geladeira"
// do not.
func Signature(text string) string {
	var words []string
	for w := range strings.FieldsSeq(content.Fold(text)) {
		if !stopWords[w] {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	return strings.Join(slices.Compact(words), " ")
}

// stopWords are the Portuguese and English words that say nothing of what a
// customer wants, folded as Signature folds.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(`a o as os um uma uns umas de do da dos das em no na nos nas ao aos
		por para pra pro com sem e ou que se me te lhe eu voce voces vc vcs ele ela nos eles elas meu minha
		seu sua isso isto esse essa este esta aqui ali la ja nao sim tem ter ha quero queria gostaria preciso
		precisava poderia pode podem fazer faz fazem oi ola bom boa dia tarde noite favor obrigado obrigada
		the an of to in on for with and or is are do does you your i my me we can could would like want need
		please hi hello`) {
		m[w] = true
	}
	return m
}()

// addDemand counts one demand's text into clusters.
func addDemand(clusters []Cluster, text string) []Cluster {
	text = strings.TrimSpace(text)
	sig := Signature(text)
	if sig == "" {
		return clusters
	}
	i := slices.IndexFunc(clusters, func(c Cluster) bool { return c.Signature == sig })
	if i < 0 {
		clusters = append(clusters, Cluster{Signature: sig})
		i = len(clusters) - 1
	}
	clusters[i].Count++
	clusters[i].Wordings = addWording(clusters[i].Wordings, Wording{Text: text, Count: 1})
	return clusters
}

// addWording counts w into ws, keeping the maxWordings commonest.
func addWording(ws []Wording, w Wording) []Wording {
	if i := slices.IndexFunc(ws, func(o Wording) bool { return o.Text == w.Text }); i >= 0 {
		ws[i].Count += w.Count
	} else {
		ws = append(ws, w)
	}
	slices.SortStableFunc(ws, func(a, b Wording) int { return cmp.Compare(b.Count, a.Count) })
	return ws[:min(len(ws), maxWordings)]
}

// groupDemands merges the clusters of many days into the report's groups:
// equal signatures add up, then a cluster joins the largest group whose
// signature shares at least nearJaccard of its words.
func groupDemands(days [][]Cluster) []DemandGroup {
	merged := map[string]*Cluster{}
	for _, day := range days {
		for _, c := range day {
			m := merged[c.Signature]
			if m == nil {
				m = &Cluster{Signature: c.Signature}
				merged[c.Signature] = m
			}
			m.Count += c.Count
			for _, w := range c.Wordings {
				m.Wordings = addWording(m.Wordings, w)
			}
		}
	}
	all := make([]*Cluster, 0, len(merged))
	for _, c := range merged {
		all = append(all, c)
	}
	slices.SortFunc(all, func(a, b *Cluster) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Signature, b.Signature))
	})
	var groups []*Cluster
	for _, c := range all {
		i := slices.IndexFunc(groups, func(g *Cluster) bool { return jaccard(g.Signature, c.Signature) >= nearJaccard })
		if i < 0 {
			groups = append(groups, c)
			continue
		}
		groups[i].Count += c.Count
		for _, w := range c.Wordings {
			groups[i].Wordings = addWording(groups[i].Wordings, w)
		}
	}
	out := make([]DemandGroup, 0, len(groups))
	for _, g := range groups {
		d := DemandGroup{Text: g.Wordings[0].Text, Count: g.Count, Examples: []string{}}
		for _, w := range g.Wordings[1:] {
			d.Examples = append(d.Examples, w.Text)
		}
		out = append(out, d)
	}
	slices.SortStableFunc(out, func(a, b DemandGroup) int { return cmp.Compare(b.Count, a.Count) })
	return out
}

// jaccard is the share of words two signatures have in common.
func jaccard(a, b string) float64 {
	wa, wb := strings.Fields(a), strings.Fields(b)
	common := 0
	for _, w := range wa {
		if slices.Contains(wb, w) {
			common++
		}
	}
	union := len(wa) + len(wb) - common
	if union == 0 {
		return 0
	}
	return float64(common) / float64(union)
}
