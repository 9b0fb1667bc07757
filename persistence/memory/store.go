package memory

import (
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// store holds the items: partitions by pk, each with its sort keys in byte
// order (the order DynamoDB gives UTF-8 strings), and the gsi1 index as the
// set of keys per gsi1pk. It is not synchronized; Table locks around it.
type store struct {
	parts map[string]*partition
	index map[string]map[persistence.Key]struct{}
}

type partition struct {
	sks   []string // sorted
	items map[string]persistence.Item
}

func newStore() *store {
	return &store{
		parts: make(map[string]*partition),
		index: make(map[string]map[persistence.Key]struct{}),
	}
}

// get returns the stored item, expired or not, or nil.
func (s *store) get(k persistence.Key) persistence.Item {
	if p := s.parts[k.PK]; p != nil {
		return p.items[k.SK]
	}
	return nil
}

// put stores a clean item under k, replacing any previous one.
func (s *store) put(k persistence.Key, item persistence.Item) {
	s.delete(k)
	p := s.parts[k.PK]
	if p == nil {
		p = &partition{items: make(map[string]persistence.Item)}
		s.parts[k.PK] = p
	}
	i, _ := slices.BinarySearch(p.sks, k.SK)
	p.sks = slices.Insert(p.sks, i, k.SK)
	p.items[k.SK] = item
	if g, ok := indexKey(item); ok {
		if s.index[g] == nil {
			s.index[g] = make(map[persistence.Key]struct{})
		}
		s.index[g][k] = struct{}{}
	}
}

// delete removes the item under k, if any.
func (s *store) delete(k persistence.Key) {
	p := s.parts[k.PK]
	if p == nil {
		return
	}
	old, ok := p.items[k.SK]
	if !ok {
		return
	}
	if g, ok := indexKey(old); ok {
		delete(s.index[g], k)
		if len(s.index[g]) == 0 {
			delete(s.index, g)
		}
	}
	delete(p.items, k.SK)
	if i, found := slices.BinarySearch(p.sks, k.SK); found {
		p.sks = slices.Delete(p.sks, i, i+1)
	}
	if len(p.sks) == 0 {
		delete(s.parts, k.PK)
	}
}

// indexKey returns the item's gsi1pk when the item belongs to the index:
// like a DynamoDB global secondary index, gsi1 is sparse and holds only the
// items that have both of its key attributes.
func indexKey(item persistence.Item) (string, bool) {
	pk, ok := item[persistence.AttrGSI1PK].(*types.AttributeValueMemberS)
	if !ok {
		return "", false
	}
	if _, ok := item[persistence.AttrGSI1SK].(*types.AttributeValueMemberS); !ok {
		return "", false
	}
	return pk.Value, true
}

// gsi1sk returns the index sort key of an indexed item.
func gsi1sk(item persistence.Item) string {
	return item[persistence.AttrGSI1SK].(*types.AttributeValueMemberS).Value
}
