package persistence

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"unicode"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// A message item leaves out what its other attributes already hold. A
// turn's commit pays for every byte of its items, and a reply over a
// kilobyte costs units more in the commit and again in its send result, so
// a reply that carries the model's raw answer must not carry it three times:
//
//   - session_id, timestamp and message_id are in the sort key, phone_number
//     in the partition key;
//   - content is the raw answer's text after its JSON head, when it is that;
//   - clean_message_sent is content, when it is that;
//   - llm_parsed_json is the raw answer's JSON head, when it is that, with a
//     qualification_data that is absent or null made an empty object, as the
//     model answer's parser does;
//   - message_type is text, the default, when it is absent.
//
// The keys' copies and a text message_type are left out; the attributes
// derived from the raw answer or from content are named by one letter each
// in the attribute derived (one attribute costs fewer bytes than three), and
// only when expandMessage gives them back exactly. Every reader of a message
// item (DecodeMessage, the person export) expands it first, so what they see
// is the item as written before. Items written before keep their attributes
// and read unchanged, and so do items of the release that stored each
// derived attribute as the boolean true.
const (
	attrContent    = "content"
	attrCleanSent  = "clean_message_sent"
	attrParsedJSON = "llm_parsed_json"
	attrRawAnswer  = "llm_raw_response"
	attrType       = "message_type"
	attrDerived    = "derived"
)

// The letters of attrDerived, one per derived attribute.
const (
	derivedContent = 'c'
	derivedClean   = 's'
	derivedParsed  = 'j'
)

// typeText is the message type a message item without one has.
const typeText = "text"

// keyAttrs are the message attributes the keys hold.
var keyAttrs = []string{"session_id", "timestamp", "message_id", "phone_number"}

// compactMessage leaves out of an encoded message item, keys included, the
// attributes expandMessage restores.
func compactMessage(item Item) Item {
	fromKeys := messageKeyAttrs(KeyOf(item))
	if fromKeys != nil && sameStrings(item, fromKeys) {
		for _, name := range keyAttrs {
			delete(item, name)
		}
	}
	if stringAttr(item, attrType) == typeText {
		delete(item, attrType)
	}
	var derived []byte
	content, hasContent := item[attrContent].(*types.AttributeValueMemberS)
	if clean, ok := item[attrCleanSent].(*types.AttributeValueMemberS); ok && hasContent && clean.Value == content.Value {
		delete(item, attrCleanSent)
		derived = append(derived, derivedClean)
	}
	if head, text, ok := splitAnswer(stringAttr(item, attrRawAnswer)); ok {
		if hasContent && content.Value == text {
			delete(item, attrContent)
			derived = append(derived, derivedContent)
		}
		if parsed, ok := item[attrParsedJSON]; ok && reflect.DeepEqual(encodedHead(head), parsed) {
			delete(item, attrParsedJSON)
			derived = append(derived, derivedParsed)
		}
	}
	if len(derived) > 0 {
		item[attrDerived] = str(string(derived))
	}
	return item
}

// expandMessage returns a stored message item with the attributes
// compactMessage left out restored; item itself when none was, a copy
// otherwise.
func expandMessage(item Item) Item {
	_, keyed := item["session_id"]
	_, typed := item[attrType]
	_, derived := item[attrDerived]
	if keyed && typed && !derived && !isMark(item[attrContent]) && !isMark(item[attrCleanSent]) && !isMark(item[attrParsedJSON]) {
		return item
	}
	out := maps.Clone(item)
	if !keyed {
		for name, value := range messageKeyAttrs(KeyOf(item)) {
			out[name] = str(value)
		}
	}
	if !typed {
		out[attrType] = str(typeText)
	}
	letters := stringAttr(item, attrDerived)
	delete(out, attrDerived)
	head, text, _ := splitAnswer(stringAttr(item, attrRawAnswer))
	if isMark(out[attrContent]) || strings.ContainsRune(letters, derivedContent) {
		out[attrContent] = str(text)
	}
	if isMark(out[attrCleanSent]) || strings.ContainsRune(letters, derivedClean) {
		out[attrCleanSent] = out[attrContent]
	}
	if isMark(out[attrParsedJSON]) {
		// The release that stored a boolean derived the head as written.
		delete(out, attrParsedJSON)
		if av, err := recordEncoder.Encode(head); err == nil {
			out[attrParsedJSON] = av
		}
	}
	if strings.ContainsRune(letters, derivedParsed) {
		if av := encodedHead(head); av != nil {
			out[attrParsedJSON] = av
		}
	}
	return out
}

// encodedHead is the stored form of a raw answer's parsed head: head with a
// qualification_data that is absent or null made an empty object, as the
// model answer's parser gives it to the turn. nil when head cannot be
// encoded.
func encodedHead(head map[string]any) types.AttributeValue {
	if head["qualification_data"] == nil {
		head = maps.Clone(head)
		head["qualification_data"] = map[string]any{}
	}
	av, err := recordEncoder.Encode(head)
	if err != nil {
		return nil
	}
	return av
}

// isMark reports whether v is the boolean true an earlier release stored
// for a derived attribute.
func isMark(v types.AttributeValue) bool {
	b, ok := v.(*types.AttributeValueMemberBOOL)
	return ok && b.Value
}

// messageKeyAttrs reads the attributes a message's keys hold; nil when key
// is not a message's.
func messageKeyAttrs(key Key) map[string]string {
	phone, ok := strings.CutPrefix(key.PK, SessionPK(""))
	rest, ok2 := strings.CutPrefix(key.SK, messageSKPrefix)
	if !ok || !ok2 {
		return nil
	}
	session, rest, ok := strings.Cut(rest, "#")
	if !ok || len(rest) < len(TimeLayout)+1 || rest[len(TimeLayout)] != '#' {
		return nil
	}
	return map[string]string{
		"session_id": session, "timestamp": rest[:len(TimeLayout)],
		"message_id": rest[len(TimeLayout)+1:], "phone_number": phone,
	}
}

// sameStrings reports whether item holds every value of want as a string.
func sameStrings(item Item, want map[string]string) bool {
	for name, value := range want {
		s, ok := item[name].(*types.AttributeValueMemberS)
		if !ok || s.Value != value {
			return false
		}
	}
	return true
}

// splitAnswer reads a model's raw answer as its leading JSON object (numbers
// kept as written) and the text after it, trimmed. ok is false when the
// answer does not begin with an object.
func splitAnswer(raw string) (head map[string]any, text string, ok bool) {
	rest := strings.TrimLeftFunc(raw, unicode.IsSpace)
	if !strings.HasPrefix(rest, "{") {
		return nil, "", false
	}
	dec := json.NewDecoder(strings.NewReader(rest))
	dec.UseNumber()
	if err := dec.Decode(&head); err != nil {
		return nil, "", false
	}
	return head, strings.TrimSpace(rest[dec.InputOffset():]), true
}
