package reports

import (
	"maps"
	"math"
	"slices"
	"time"
)

// bucketRatio is the growth of one histogram bucket over the one below: a
// percentile read from the buckets is within 5% of the true duration, and a
// year of seconds needs under 200 buckets.
const bucketRatio = 1.1

// Histogram counts durations in logarithmic buckets of seconds: bucket 0
// holds those under a second, bucket i > 0 those in [r^(i-1), r^i). Two
// histograms merge by adding counts, so the day items of a period sum into
// the period's percentiles without keeping each duration.
type Histogram map[int]int

// Add counts one duration.
func (h Histogram) Add(d time.Duration) { h[bucketOf(d.Seconds())]++ }

// Merge adds o's counts to h.
func (h Histogram) Merge(o Histogram) {
	for b, n := range o {
		h[b] += n
	}
}

// Count is how many durations h holds.
func (h Histogram) Count() int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// Percentile is h's median and 90th percentile, in seconds; null ones
// when h is empty.
func (h Histogram) Percentile() Percentile {
	p := Percentile{Count: h.Count()}
	if p.Count == 0 {
		return p
	}
	p.P50, p.P90 = h.quantile(0.5, p.Count), h.quantile(0.9, p.Count)
	return p
}

// quantile is the value of the bucket holding the q-th of n durations: the
// geometric middle of its bounds.
func (h Histogram) quantile(q float64, n int) *float64 {
	rank := max(1, int(math.Ceil(q*float64(n))))
	seen := 0
	for _, b := range slices.Sorted(maps.Keys(h)) {
		seen += h[b]
		if seen >= rank {
			v := bucketValue(b)
			return &v
		}
	}
	return nil
}

func bucketOf(seconds float64) int {
	if seconds < 1 {
		return 0
	}
	return 1 + int(math.Floor(math.Log(seconds)/math.Log(bucketRatio)))
}

func bucketValue(b int) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(math.Pow(bucketRatio, float64(b-1))*math.Sqrt(bucketRatio)*10) / 10
}
