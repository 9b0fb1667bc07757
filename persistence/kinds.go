package persistence

import "strings"

// ItemKind is what a stored item is, told by its keys: what a scan over the
// whole table needs to tell apart.
type ItemKind int

// The kinds KindOf tells apart; every other item is KindOther.
const (
	KindOther ItemKind = iota
	KindActivePointer
	KindSession
	KindMessage
	KindProjection
)

// KindOf reads the keys of a stored item and says what it is.
func KindOf(item Item) ItemKind {
	k := KeyOf(item)
	switch {
	case strings.HasPrefix(k.PK, SessionPK("")):
		switch {
		case k.SK == ActiveSK:
			return KindActivePointer
		case strings.HasPrefix(k.SK, sessionSKPrefix):
			return KindSession
		case strings.HasPrefix(k.SK, messageSKPrefix):
			return KindMessage
		}
	case strings.HasPrefix(k.PK, ProjectionPK("")) && k.SK == ProjectionSK:
		return KindProjection
	}
	return KindOther
}

// DecodeActivePointer reads an active pointer item (KindActivePointer): the
// phone and the ID of its active session, ResetPointer after a reset.
func DecodeActivePointer(item Item) (phone, sessionID string) {
	return strings.TrimPrefix(KeyOf(item).PK, SessionPK("")), stringAttr(item, attrActiveID)
}

// ActivePointers is the scan filter that keeps active pointer items.
func ActivePointers() Condition { return Equal(AttrSK, ActiveSK) }
