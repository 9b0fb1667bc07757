package memory

import (
	"math/big"
	"testing"
	"time"
)

// FuzzFastPathsMatchExactArithmetic holds the shortcuts for plain integers to
// the exact decimal arithmetic they skip: the canonical form of a number,
// and whether a ttl has passed.
func FuzzFastPathsMatchExactArithmetic(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "-1.5", "7", "-7", "10", "0010", "1700000000", "999999999999999999",
		"1000000000000000000", "-999999999999999999", "1.0", "1e3", "+5", "-", "", "9223372036854775807"} {
		f.Add(s, int64(1700000000), int64(0))
		f.Add(s, int64(1700000000), int64(1))
		f.Add(s, int64(1e10), int64(0))
		f.Add(s, int64(-1e10), int64(0))
	}
	f.Fuzz(func(t *testing.T, s string, sec, nsec int64) {
		fast, fastErr := canonicalNumber(s)
		d, exactErr := parseNumber(s)
		if (fastErr == nil) != (exactErr == nil) || fastErr == nil && fast != d.String() {
			t.Fatalf("canonicalNumber(%q) = %q, %v; exact %v, %v", s, fast, fastErr, d, exactErr)
		}
		if fastErr != nil {
			return
		}
		now := time.Unix(sec, nsec%1e9)
		nanos := normalize(big.NewInt(0).Add(big.NewInt(0).Mul(big.NewInt(now.Unix()), big.NewInt(1e9)), big.NewInt(int64(now.Nanosecond()))), -9)
		if got, want := expiredAt(fast, now), d.cmp(nanos) < 0; got != want {
			t.Fatalf("expiredAt(%q, %v) = %v, want %v", fast, now, got, want)
		}
	})
}
