package admin

import (
	"slices"
	"strconv"
	"strings"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
)

// operatorRating is one operator's satisfaction scores among the listed
// conversations: their average and how many.
type operatorRating struct {
	Operator string
	Average  string
	Count    int
}

// ratingsOf averages the scores of the listed conversations by the
// operator who held them (assigned_to stays on a closed session), with
// the average written as lang writes a decimal ("4,5"). It reads only the
// page the index returned: the cost of the list, no query of its own; a
// filter by operator and dates gives that operator's average over the
// period, a page at a time.
func ratingsOf(sessions []domain.Session, lang locale.Lang) []operatorRating {
	sums, counts := map[string]int{}, map[string]int{}
	for _, s := range sessions {
		if s.CSATScore > 0 && s.AssignedTo != "" {
			sums[string(s.AssignedTo)] += s.CSATScore
			counts[string(s.AssignedTo)]++
		}
	}
	out := make([]operatorRating, 0, len(counts))
	for op, n := range counts {
		avg := strconv.FormatFloat(float64(sums[op])/float64(n), 'f', 1, 64)
		if lang != locale.English {
			avg = strings.Replace(avg, ".", ",", 1)
		}
		out = append(out, operatorRating{Operator: op, Average: avg, Count: n})
	}
	slices.SortFunc(out, func(a, b operatorRating) int { return strings.Compare(a.Operator, b.Operator) })
	return out
}
