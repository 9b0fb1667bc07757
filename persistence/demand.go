package persistence

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// demandKey is where the demand is stored: newest last in the DEMAND
// partition.
func demandKey(d domain.OutOfPortfolioDemand) Key {
	return Key{PK: DemandPK, SK: DemandSK(d.CreatedAt, d.DemandID)}
}

// EncodeDemand returns the stored item of d, keys included.
func EncodeDemand(d domain.OutOfPortfolioDemand) (Item, error) {
	item, err := encodeRecord(d)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode demand %s: %w", d.DemandID, err)
	}
	return withKeys(item, demandKey(d)), nil
}

// DecodeDemand reads a stored demand item.
func DecodeDemand(item Item) (domain.OutOfPortfolioDemand, error) {
	var d domain.OutOfPortfolioDemand
	if err := decodeRecord(item, &d); err != nil {
		return domain.OutOfPortfolioDemand{}, fmt.Errorf("persistence: decode demand: %w", err)
	}
	return d, nil
}
