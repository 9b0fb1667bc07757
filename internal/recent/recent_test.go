package recent_test

import (
	"slices"
	"testing"

	"github.com/intake-runtime/intake/internal/recent"
)

func TestListKeepsTheLastMax(t *testing.T) {
	l := recent.List[int]{Max: 3}
	for i := range 10 {
		l.Add(i)
	}
	if got := l.All(); !slices.Equal(got, []int{7, 8, 9}) {
		t.Errorf("All = %v, want the last three [7 8 9]", got)
	}
	var d recent.List[int]
	for i := range recent.DefaultMax + 5 {
		d.Add(i)
	}
	if got := d.All(); d.Len() != recent.DefaultMax || got[0] != 5 || got[len(got)-1] != recent.DefaultMax+4 {
		t.Errorf("zero List kept %d values from %d, want DefaultMax from 5", d.Len(), got[0])
	}
}
