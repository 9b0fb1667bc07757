package persistence

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
)

// SessionFilter selects sessions for List. Zero fields select everything.
type SessionFilter struct {
	// States keeps sessions in one of these states; empty keeps every state.
	States []domain.SessionState
	// Service keeps sessions whose service_identified is this.
	Service string
	// Operator keeps sessions assigned to this operator.
	Operator string
	// From and To bound created_at, both inclusive; zero is unbounded.
	From, To time.Time
	// Label keeps sessions with this label, in any case and spacing. The
	// index has no key for labels: the filter reads the same index pages
	// as the list without it and drops the sessions without the label, so
	// a page costs what an unfiltered one does and a rare label gives short
	// pages with a cursor (listBudget) rather than a scan. A label index
	// would add a write per label change to the table, for a list operators
	// page through by hand.
	Label string
}

// SessionPage is one page of List, newest session first. Next continues the
// list; it is empty on the last page.
type SessionPage struct {
	Sessions []domain.Session
	Next     string
}

// ErrInvalidCursor is List's error for a cursor it did not hand out.
var ErrInvalidCursor = errors.New("persistence: invalid session list cursor")

// listBudget bounds the index items one List page examines, as a multiple of
// its limit: a filter that matches little returns a short page with a cursor
// rather than reading the whole index in one request.
const listBudget = 20

// List returns up to limit sessions that match f, newest first (by
// created_at), after cursor (a Next of an earlier page with the same filter;
// empty starts at the newest). It reads the session index (gsi1) shard by
// shard and merges the shards, never scanning the table; sessions of
// releases before the index appear once they are saved again.
//
// The index is eventually consistent on DynamoDB: a session saved a moment
// ago may be missing, or listed under its previous state.
func (r *Sessions) List(ctx context.Context, f SessionFilter, limit int, cursor string) (SessionPage, error) {
	if limit <= 0 {
		return SessionPage{}, errors.New("persistence: list sessions: the limit must be positive")
	}
	after, err := decodeListCursor(cursor)
	if err != nil {
		return SessionPage{}, err
	}
	b := listBounds{after: after}
	if !f.To.IsZero() {
		b.upTo = FormatTime(f.To) + "$" // '$' sorts after the '#' that ends the time
	}
	if after != "" && (b.upTo == "" || after < b.upTo) {
		b.upTo = after
	}
	if !f.From.IsZero() {
		b.from = FormatTime(f.From)
	}
	streams, err := r.listStreams(ctx, f, b, limit)
	if err != nil {
		return SessionPage{}, err
	}
	page := SessionPage{Sessions: []domain.Session{}}
	last := after // the sort key of the last session examined
	for examined := 0; ; examined++ {
		next, err := nextOf(ctx, streams)
		if err != nil {
			return SessionPage{}, fmt.Errorf("persistence: list sessions: %w", err)
		}
		if next == nil {
			return page, nil
		}
		if len(page.Sessions) == limit || examined == listBudget*limit {
			page.Next = encodeListCursor(last)
			return page, nil
		}
		item := next.pop()
		last = item.sk
		if !f.keeps(item.item) {
			continue
		}
		s, err := DecodeSession(item.item)
		if err != nil {
			return SessionPage{}, err
		}
		page.Sessions = append(page.Sessions, s)
	}
}

// keeps reports whether a stored session item passes f's attribute filters.
func (f SessionFilter) keeps(item Item) bool {
	return (f.Service == "" || stringAttr(item, "service_identified") == f.Service) &&
		(f.Operator == "" || stringAttr(item, "assigned_to") == f.Operator) &&
		(f.Label == "" || domain.HasLabel(stringsAttr(item, "labels"), f.Label))
}

// stringsAttr is a list attribute's strings; other members are skipped.
func stringsAttr(item Item, name string) []string {
	l, _ := item[name].(*types.AttributeValueMemberL)
	if l == nil {
		return nil
	}
	out := make([]string, 0, len(l.Value))
	for _, v := range l.Value {
		if s, ok := v.(*types.AttributeValueMemberS); ok {
			out = append(out, s.Value)
		}
	}
	return out
}

// listBounds are a list's limits on the index sort key: upTo inclusive, after
// exclusive (the cursor), from inclusive; empty ones are open.
type listBounds struct{ upTo, after, from string }

// within reports whether sk is inside b, and whether it is past its lower
// end (so nothing after it in descending order can be).
func (b listBounds) within(sk string) (in, pastEnd bool) {
	if b.from != "" && sk < b.from {
		return false, true
	}
	if b.upTo != "" && sk > b.upTo || b.after != "" && sk >= b.after {
		return false, false
	}
	return true, false
}

// listStreams opens one stream per index partition that can hold a session
// f selects: the state shards, and the handoff queue when a selected state
// may be in it.
func (r *Sessions) listStreams(ctx context.Context, f SessionFilter, b listBounds, limit int) ([]*listStream, error) {
	states := f.States
	if len(states) == 0 {
		states = domain.States()
	}
	var streams []*listStream
	queue := false
	for _, st := range states {
		queue = queue || mayQueue(st)
		if queued(st) {
			continue
		}
		for shard := range WorkShards {
			streams = append(streams, &listStream{table: r.table, pk: SessionIndexPK(st, shard), bounds: b})
		}
	}
	// A page takes about limit/len(streams) sessions from each partition:
	// each reads twice that first and doubles when the merge wants more,
	// rather than every partition reading a whole page.
	first := int32(min(limit+1, max(2, 2*limit/max(1, len(streams))+1)))
	for _, s := range streams {
		s.chunk, s.most = first, int32(limit+1)
	}
	if queue {
		s, err := r.queueStream(ctx, states, b)
		if err != nil {
			return nil, err
		}
		streams = append(streams, s)
	}
	return streams, nil
}

// queueStream is the handoff queue's sessions in states within b, newest
// created first. The queue is ordered by handoff time and is as small as the
// work waiting for operators, so it is read whole and sorted here.
func (r *Sessions) queueStream(ctx context.Context, states []domain.SessionState, b listBounds) (*listStream, error) {
	items, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: HandoffIndexPK}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: list sessions: handoff queue: %w", err)
	}
	var entries []listEntry
	for _, item := range items {
		s, err := DecodeSession(item)
		if err != nil {
			return nil, err
		}
		sk := SessionIndexSK(s)
		if in, _ := b.within(sk); in && inHandoffQueue(s) && slices.Contains(states, s.State) {
			entries = append(entries, listEntry{sk: sk, item: item})
		}
	}
	slices.SortFunc(entries, func(a, b listEntry) int { return strings.Compare(b.sk, a.sk) })
	return &listStream{buf: entries, done: true}, nil
}

// listEntry is one index item with its session index sort key.
type listEntry struct {
	sk   string
	item Item
}

// listStream reads one index partition newest first, a chunk at a time, as
// the merge consumes it.
type listStream struct {
	table  Table
	pk     string
	bounds listBounds
	chunk  int32 // the next read's size, doubling up to most
	most   int32
	buf    []listEntry
	cursor string
	done   bool
}

// head returns the stream's next entry without taking it, reading the next
// chunk when the buffer is empty; nil when the stream is exhausted.
func (s *listStream) head(ctx context.Context) (*listEntry, error) {
	for len(s.buf) == 0 && !s.done {
		page, err := s.table.QueryIndex(ctx, IndexQuery{GSI1PK: s.pk, SKUpTo: s.bounds.upTo, Descending: true, Limit: s.chunk, Cursor: s.cursor})
		if err != nil {
			return nil, err
		}
		s.cursor, s.done = page.Next, page.Next == ""
		s.chunk = min(2*s.chunk, s.most)
		for _, item := range page.Items {
			sk := stringAttr(item, AttrGSI1SK)
			in, past := s.bounds.within(sk)
			if past {
				s.done = true
				break
			}
			if in {
				s.buf = append(s.buf, listEntry{sk: sk, item: item})
			}
		}
	}
	if len(s.buf) == 0 {
		return nil, nil
	}
	return &s.buf[0], nil
}

// pop takes the head entry.
func (s *listStream) pop() listEntry {
	e := s.buf[0]
	s.buf = s.buf[1:]
	return e
}

// nextOf returns the stream whose head sorts greatest (the newest session
// left), nil when every stream is exhausted.
func nextOf(ctx context.Context, streams []*listStream) (*listStream, error) {
	var best *listStream
	var bestSK string
	for _, s := range streams {
		h, err := s.head(ctx)
		if err != nil {
			return nil, err
		}
		if h != nil && (best == nil || h.sk > bestSK) {
			best, bestSK = s, h.sk
		}
	}
	return best, nil
}

// encodeListCursor makes the sort key a page ended at opaque.
func encodeListCursor(sk string) string { return base64.RawURLEncoding.EncodeToString([]byte(sk)) }

// decodeListCursor reads a cursor of encodeListCursor; "" is the start.
func decodeListCursor(cursor string) (string, error) {
	if cursor == "" {
		return "", nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return "", ErrInvalidCursor
	}
	ts, id, ok := strings.Cut(string(raw), "#")
	if !ok || id == "" {
		return "", ErrInvalidCursor
	}
	if _, err := time.Parse(TimeLayout, ts); err != nil {
		return "", ErrInvalidCursor
	}
	return string(raw), nil
}
