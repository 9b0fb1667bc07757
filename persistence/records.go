package persistence

import "fmt"

// decodeRecords reads stored items as records of one type; what names
// them in the error.
func decodeRecords[T any](items []Item, what string) ([]T, error) {
	out := make([]T, 0, len(items))
	for _, item := range items {
		var v T
		if err := decodeRecord(item, &v); err != nil {
			return nil, fmt.Errorf("persistence: decode %s: %w", what, err)
		}
		out = append(out, v)
	}
	return out, nil
}
