package persistence

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// The console finds sessions by the customer's document and name through
// lookup items, one per session and value, in partitions keyed by the value:
// a search is one query, never a scan. The session keeps the keys of its
// lookup items (search_keys), so a save writes them only when the collected
// document or name changed, in the same write as the session.
const (
	searchPrefix         = "SEARCH#"
	documentSearchPrefix = searchPrefix + "DOC#"
	nameSearchPrefix     = searchPrefix + "NAME#"
)

// Keys of cadastral_data that hold the document and the name: the
// registrar's (prompts/REGISTRAR.md) and the spellings the projections
// accept.
var (
	searchDocumentKeys = []string{"cpf_cnpj", "cpfcnpj", "cpfCnpj"}
	searchNameKeys     = []string{"nome", "name"}
)

// minDocumentDigits is the fewest digits a searched document holds: a CPF has
// 11, a CNPJ 14; fewer would match too much to mean anything.
const minDocumentDigits = 11

// wantedSearchKeys are the lookup item keys s should have, as "pk|sk".
func wantedSearchKeys(s domain.Session) []string {
	var keys []string
	suffix := s.PhoneNumber + "#" + s.SessionID
	if doc := domain.DocumentDigits(dataField(s.CadastralData, searchDocumentKeys)); len(doc) >= minDocumentDigits {
		keys = append(keys, documentSearchPrefix+doc+"|"+suffix)
	}
	if name := domain.NormalizeName(dataField(s.CadastralData, searchNameKeys)); name != "" {
		first, _, _ := strings.Cut(name, " ")
		keys = append(keys, nameSearchPrefix+first+"|"+name+"#"+suffix)
	}
	return keys
}

// dataField is the first non-empty text among data's keys.
func dataField(data map[string]any, keys []string) string {
	for _, k := range keys {
		if v := domain.DataText(data[k]); v != "" {
			return v
		}
	}
	return ""
}

// searchWrites brings s's lookup items in line with its data: deletes of
// the keys it no longer wants, puts of the new ones, and s.SearchKeys
// updated. None when nothing changed, which is every save but the few that
// collect or correct a document or name.
func searchWrites(s *domain.Session) []TxWrite {
	want := wantedSearchKeys(*s)
	if slices.Equal(want, s.SearchKeys) {
		return nil
	}
	var writes []TxWrite
	for _, k := range s.SearchKeys {
		if !slices.Contains(want, k) {
			writes = append(writes, DeleteTx(searchKey(k), nil))
		}
	}
	for _, k := range want {
		if !slices.Contains(s.SearchKeys, k) {
			item := Item{"phone_number": str(s.PhoneNumber), attrActiveID: str(s.SessionID)}
			writes = append(writes, PutTx(withKeys(item, searchKey(k)), nil))
		}
	}
	s.SearchKeys = want
	return writes
}

// maxSearchWrites is the most lookup writes one save makes: a delete and a
// put for each of the document and the name.
const maxSearchWrites = 4

// searchKey reads a "pk|sk" of search_keys.
func searchKey(k string) Key {
	pk, sk, _ := strings.Cut(k, "|")
	return Key{PK: pk, SK: sk}
}

// FindByDocument returns the sessions whose customer gave the document
// (any punctuation), newest first, at most max.
func (r *Sessions) FindByDocument(ctx context.Context, document string, max int) ([]domain.Session, error) {
	doc := domain.DocumentDigits(document)
	if len(doc) < minDocumentDigits {
		return []domain.Session{}, nil
	}
	return r.found(ctx, Query{PK: documentSearchPrefix + doc}, max)
}

// FindByName returns the sessions whose customer's name starts with name
// (without regard to case or accents; its first word whole: "maria s"
// finds Maria Silva, "mar" does not), newest first, at most max.
func (r *Sessions) FindByName(ctx context.Context, name string, max int) ([]domain.Session, error) {
	name = domain.NormalizeName(name)
	if name == "" {
		return []domain.Session{}, nil
	}
	first, _, _ := strings.Cut(name, " ")
	return r.found(ctx, Query{PK: nameSearchPrefix + first, SKPrefix: name}, max)
}

// found reads the lookup items of q and the sessions they point to.
func (r *Sessions) found(ctx context.Context, q Query, max int) ([]domain.Session, error) {
	items, err := queryAll(ctx, r.table, q, max)
	if err != nil {
		return nil, fmt.Errorf("persistence: search sessions: %w", err)
	}
	sessions := make([]domain.Session, 0, len(items))
	for _, item := range items {
		s, err := r.Get(ctx, stringAttr(item, "phone_number"), stringAttr(item, attrActiveID))
		if errors.Is(err, ErrNotFound) {
			continue // retention deleted the session before its lookup
		}
		if err != nil {
			return nil, err
		}
		sessions = append(sessions, s)
	}
	slices.SortFunc(sessions, func(a, b domain.Session) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return sessions, nil
}
