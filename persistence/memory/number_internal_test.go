package memory

import (
	"fmt"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// The integer fast path must give what the exact decimal path gives: the
// same canonical string, size, order and expiry.
func TestPlainIntAgreesWithTheExactPath(t *testing.T) {
	numbers := []string{
		"0", "7", "-7", "10", "-1000", "1732665600000", "999999999999999999", "-999999999999999999",
		"1000000000000000000", "007", "-0", "1.0", "1e3", "0.5", "", "-", "12a",
	}
	for _, s := range numbers {
		d, exactErr := parseNumber(s)
		got, err := canonicalNumber(s)
		if (err != nil) != (exactErr != nil) {
			t.Fatalf("canonicalNumber(%q) error %v, the exact path %v", s, err, exactErr)
		}
		if err != nil {
			continue
		}
		if want := d.String(); got != want {
			t.Errorf("canonicalNumber(%q) = %q, want %q", s, got, want)
		}
		digits := len(new(big.Int).Abs(d.coef).String())
		if got, want := numberSize(s), (digits+1)/2+1; got != want {
			t.Errorf("numberSize(%q) = %d, want %d", s, got, want)
		}
		for _, o := range numbers {
			od, err := parseNumber(o)
			if err != nil {
				continue
			}
			if got, want := compareNumbers(s, o), d.cmp(od); got != want {
				t.Errorf("compareNumbers(%q, %q) = %d, want %d", s, o, got, want)
			}
		}
	}
	now := time.Unix(1732665600, 0)
	for _, tc := range []struct {
		ttl  string
		now  time.Time
		want bool
	}{
		{"1732665599", now, true},
		{"1732665600", now, false},
		{"1732665600", now.Add(time.Nanosecond), true},
		{"1732665601", now.Add(time.Nanosecond), false},
	} {
		if got := expiredAt(tc.ttl, tc.now); got != tc.want {
			t.Errorf("expiredAt(%q, %v) = %v, want %v", tc.ttl, tc.now, got, tc.want)
		}
	}
}

// A canonical integer costs the table no allocation to validate.
func TestCanonicalIntegerAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _, _ = canonicalNumber("1732665600000") }); n != 0 {
		t.Errorf("canonicalNumber allocated %v times, want 0", n)
	}
}

// Copying an item (every write and every read does) costs a few allocations
// for its map and one array per value type, not one per attribute.
func TestItemCopyAllocatesPerTypeNotPerAttribute(t *testing.T) {
	item := map[string]types.AttributeValue{}
	for i := range 16 {
		item[fmt.Sprintf("s%d", i)] = &types.AttributeValueMemberS{Value: "v"}
		item[fmt.Sprintf("n%d", i)] = &types.AttributeValueMemberN{Value: strconv.Itoa(i)}
	}
	if n := testing.AllocsPerRun(100, func() { _ = copyItem(item) }); n > 16 {
		t.Errorf("copying an item of 32 attributes allocated %v times, want at most 16", n)
	}
}
