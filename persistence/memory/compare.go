package memory

import (
	"bytes"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// equal reports whether two clean values are equal as DynamoDB's "="
// decides: same type and same value, numbers by value, sets in any order.
func equal(a, b types.AttributeValue) bool {
	switch a := a.(type) {
	case *types.AttributeValueMemberS:
		b, ok := b.(*types.AttributeValueMemberS)
		return ok && a.Value == b.Value
	case *types.AttributeValueMemberN:
		b, ok := b.(*types.AttributeValueMemberN)
		return ok && numbersEqual(a.Value, b.Value)
	case *types.AttributeValueMemberB:
		b, ok := b.(*types.AttributeValueMemberB)
		return ok && bytes.Equal(a.Value, b.Value)
	case *types.AttributeValueMemberBOOL:
		b, ok := b.(*types.AttributeValueMemberBOOL)
		return ok && a.Value == b.Value
	case *types.AttributeValueMemberNULL:
		_, ok := b.(*types.AttributeValueMemberNULL)
		return ok
	case *types.AttributeValueMemberSS:
		b, ok := b.(*types.AttributeValueMemberSS)
		return ok && sameSet(a.Value, b.Value)
	case *types.AttributeValueMemberNS:
		// Clean NS values are canonical, so equal numbers are equal strings.
		b, ok := b.(*types.AttributeValueMemberNS)
		return ok && sameSet(a.Value, b.Value)
	case *types.AttributeValueMemberBS:
		b, ok := b.(*types.AttributeValueMemberBS)
		return ok && sameSet(toStrings(a.Value), toStrings(b.Value))
	case *types.AttributeValueMemberL:
		b, ok := b.(*types.AttributeValueMemberL)
		return ok && slices.EqualFunc(a.Value, b.Value, equal)
	case *types.AttributeValueMemberM:
		b, ok := b.(*types.AttributeValueMemberM)
		if !ok || len(a.Value) != len(b.Value) {
			return false
		}
		for k, av := range a.Value {
			bv, ok := b.Value[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	}
	return false
}

// less reports whether a sorts before b as DynamoDB's "<" decides: strings
// and binaries by bytes, numbers by value; any other pair of types is false.
func less(a, b types.AttributeValue) bool {
	switch a := a.(type) {
	case *types.AttributeValueMemberS:
		b, ok := b.(*types.AttributeValueMemberS)
		return ok && a.Value < b.Value
	case *types.AttributeValueMemberN:
		b, ok := b.(*types.AttributeValueMemberN)
		return ok && compareNumbers(a.Value, b.Value) < 0
	case *types.AttributeValueMemberB:
		b, ok := b.(*types.AttributeValueMemberB)
		return ok && bytes.Compare(a.Value, b.Value) < 0
	}
	return false
}

func numbersEqual(a, b string) bool { return compareNumbers(a, b) == 0 }

// compareNumbers compares two clean N values; they parse by construction.
func compareNumbers(a, b string) int {
	da, _ := parseNumber(a)
	db, _ := parseNumber(b)
	return da.cmp(db)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func toStrings(bs [][]byte) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = string(b)
	}
	return out
}
