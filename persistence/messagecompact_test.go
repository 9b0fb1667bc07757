package persistence_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A message item of an earlier release reads exactly as the item the same
// message is written as now, as a message and in a person's export: items
// written before items left out what their keys and raw answer hold
// (uncompacted), and items of the release that stored each derived
// attribute as the boolean true, and a text message's type (marked).
func TestOlderMessageItemsReadAsBefore(t *testing.T) {
	cases := []struct {
		legacy string
		// smaller says the item written now has fewer attributes.
		smaller bool
	}{
		{"uncompacted_message", true},
		{"uncompacted_message_media", false},
		{"uncompacted_message_reply_to", false},
		{"uncompacted_message_voice", false},
		{"marked_message", true},
		{"marked_message_reply_to", true},
	}
	for _, tc := range cases {
		t.Run(tc.legacy, func(t *testing.T) {
			name := tc.legacy[strings.Index(tc.legacy, "_")+1:]
			before, now := readItem(t, "legacy_"+tc.legacy+".json"), readItem(t, name+".golden.json")
			if tc.smaller && len(now) >= len(before) {
				t.Errorf("the item has %d attributes, as many as before (%d)", len(now), len(before))
			}
			old, err := persistence.DecodeMessage(before)
			if err != nil {
				t.Fatal(err)
			}
			cur, err := persistence.DecodeMessage(now)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(old, cur) {
				t.Errorf("the items read differently\nbefore: %#v\n   now: %#v", old, cur)
			}
			if a, b := exportMessage(t, before), exportMessage(t, now); !reflect.DeepEqual(a, b) {
				t.Errorf("the exports differ\nbefore: %v\n   now: %v", a, b)
			}
		})
	}
}

func exportMessage(t *testing.T, item persistence.Item) map[string]any {
	t.Helper()
	d := persistence.PersonData{Items: map[persistence.PersonKind][]persistence.Item{persistence.PersonMessages: {item}}}
	out, err := d.Export()
	if err != nil {
		t.Fatal(err)
	}
	return out[persistence.PersonMessages][0]
}

// compactReply is a committed reply as a turn writes it: the model's raw
// answer, its head parsed, the text after it sent.
func compactReply() domain.Message {
	text := "Boa tarde! Fazemos pesquisas de satisfação sob medida. Quantas lojas a sua rede tem?"
	return domain.Message{
		MessageID: "d561732b-3c5f-4a7a-b5c3-d7190f10b4df", SessionID: "80c82502-3bc3-4dde-88e0-77ffbacae862",
		PhoneNumber: "+5511800000000", Content: text, CleanMessageSent: text,
		Timestamp:   time.Date(2026, 11, 27, 20, 35, 24, 7101270, time.UTC),
		StateBefore: domain.StateNew, StateAfter: domain.StateQualifying,
		Direction: domain.DirectionOutbound, MessageType: domain.MessageText,
		LLMRawResponse: `{"s":0,"qualification_data":{"setor":"varejo","lojas":12,"nota":1.5}}  ` + text + "\n",
		LLMParsedJSON: map[string]any{"s": 0.0, "qualification_data": map[string]any{
			"setor": "varejo", "lojas": 12.0, "nota": 1.5}},
		Agent: domain.AgentTriage, OutboxStatus: domain.OutboxSending, OutboxAttempts: 1,
	}
}

// What a reply's item leaves out, and what it keeps because it cannot be
// told from the rest: each case must read back the same message.
func TestMessageItemLeavesOutWhatItsKeysAndAnswerHold(t *testing.T) {
	// derived names each derived attribute's letter in the attribute
	// derived.
	derived := map[string]string{"content": "c", "clean_message_sent": "s", "llm_parsed_json": "j"}
	cases := []struct {
		name   string
		change func(*domain.Message)
		// stored are the derived attributes kept as values, absent those
		// the message does not have.
		stored, absent []string
		// keyed says the keys' attributes are kept.
		keyed bool
	}{
		{"a reply whose text follows its answer's head", func(*domain.Message) {}, nil, nil, false},
		{"a text other than the answer's", func(m *domain.Message) { m.Content, m.CleanMessageSent = "Outro texto.", "Outro texto." }, []string{"content"}, nil, false},
		{"a sent text other than the content", func(m *domain.Message) { m.CleanMessageSent = "Enviado." }, []string{"clean_message_sent"}, nil, false},
		{"nothing sent yet", func(m *domain.Message) { m.CleanMessageSent = "" }, nil, []string{"clean_message_sent"}, false},
		{"a parsed head other than the answer's", func(m *domain.Message) { m.LLMParsedJSON = map[string]any{"s": 1.0} }, []string{"llm_parsed_json"}, nil, false},
		{"a number the answer writes otherwise", func(m *domain.Message) {
			m.LLMRawResponse = `{"s":0,"qualification_data":{"setor":"varejo","lojas":12,"nota":1.50}} ` + m.Content
		}, []string{"llm_parsed_json"}, nil, false},
		{"a head without qualification_data, parsed with an empty one", func(m *domain.Message) {
			m.LLMRawResponse = `{"s":2,"cadastral_data":{"nome":"Maria"}} ` + m.Content
			m.LLMParsedJSON = map[string]any{"s": 2.0, "cadastral_data": map[string]any{"nome": "Maria"}, "qualification_data": map[string]any{}}
		}, nil, nil, false},
		{"a head with a null qualification_data, parsed with an empty one", func(m *domain.Message) {
			m.LLMRawResponse = `{"s":2,"qualification_data":null} ` + m.Content
			m.LLMParsedJSON = map[string]any{"s": 2.0, "qualification_data": map[string]any{}}
		}, nil, nil, false},
		{"a head without qualification_data, parsed as written", func(m *domain.Message) {
			m.LLMRawResponse = `{"s":2} ` + m.Content
			m.LLMParsedJSON = map[string]any{"s": 2.0}
		}, []string{"llm_parsed_json"}, nil, false},
		{"an answer without a head", func(m *domain.Message) { m.LLMRawResponse, m.LLMParsedJSON = m.Content, nil }, []string{"content"}, []string{"llm_parsed_json"}, false},
		{"an operator's message", func(m *domain.Message) {
			m.LLMRawResponse, m.LLMParsedJSON, m.OperatorPhone = "", nil, "+5511888880000"
		}, []string{"content"}, []string{"llm_parsed_json"}, false},
		{"a session ID with the key separator", func(m *domain.Message) { m.SessionID = "a#b" }, nil, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := compactReply()
			tc.change(&m)
			item, err := persistence.EncodeMessage(m)
			if err != nil {
				t.Fatal(err)
			}
			letters, _ := item["derived"].(*types.AttributeValueMemberS)
			for name, letter := range derived {
				_, present := item[name]
				isDerived := letters != nil && strings.Contains(letters.Value, letter)
				wantStored, wantDerived := contains(tc.stored, name), !contains(tc.stored, name) && !contains(tc.absent, name)
				if isDerived != wantDerived || present != wantStored {
					t.Errorf("%s derived = %v, stored = %v, want %v, %v (item %v)", name, isDerived, present, wantDerived, wantStored, item)
				}
			}
			if _, ok := item["message_type"]; ok {
				t.Errorf("a text message stores its type %v", item["message_type"])
			}
			if _, ok := item["session_id"]; ok != tc.keyed {
				t.Errorf("session_id stored = %v, want %v", ok, tc.keyed)
			}
			got, err := persistence.DecodeMessage(item)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, m) {
				t.Errorf("round trip changed the message\n got: %#v\nwant: %#v", got, m)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
