package cloudapi

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// The platform's kinds that are the customer's answers rather than media:
// a tapped reply button or list item, a tapped quick-reply button of a
// template, a shared location or contact card, and a reaction. Rule 5 of
// the spec (caption or "[type]") is about media; these carry words the
// customer chose, so they reach the conversation as those words.
//
//	type                      message_type  content
//	interactive button_reply  text          the button's title (reply ID kept)
//	interactive list_reply    text          the item's title (item ID kept)
//	button (template reply)   text          the button's text (payload kept)
//	location                  document      "[location] name, address (lat, long)"
//	contacts                  document      "[contact] name phone…", one line per contact
//	reaction                  —             recorded on the message it reacts to, not a turn
//	unsupported, other        document      "[document]"

const (
	typeInteractive = "interactive"
	typeButton      = "button"
	typeLocation    = "location"
	typeContacts    = "contacts"
	typeReaction    = "reaction"
)

// wireInteractive is the answer to an interactive message.
type wireInteractive struct {
	Type        string     `json:"type"`
	ButtonReply *wireReply `json:"button_reply"`
	ListReply   *wireReply `json:"list_reply"`
}

type wireReply struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// wireButton is the tap on a template's quick-reply button.
type wireButton struct {
	Payload string `json:"payload"`
	Text    string `json:"text"`
}

type wireLocation struct {
	Latitude  json.Number `json:"latitude"`
	Longitude json.Number `json:"longitude"`
	Name      string      `json:"name"`
	Address   string      `json:"address"`
}

// wireShared is one shared contact card.
type wireShared struct {
	Name struct {
		FormattedName string `json:"formatted_name"`
		FirstName     string `json:"first_name"`
		LastName      string `json:"last_name"`
	} `json:"name"`
	Phones []struct {
		Phone string `json:"phone"`
		WaID  string `json:"wa_id"`
	} `json:"phones"`
}

type wireReaction struct {
	MessageID string `json:"message_id"`
	Emoji     string `json:"emoji"`
}

// content is what a message says: its type, its text and, for a tapped
// button or list item, the ID the business gave it.
type content struct {
	kind    domain.MessageType
	text    string
	replyID string
}

// answerContent reads the kinds above; ok is false for every other type.
func answerContent(m wireMessage) (content, bool) {
	switch m.Type {
	case typeInteractive:
		if m.Interactive == nil {
			break
		}
		reply := m.Interactive.ButtonReply
		if m.Interactive.Type == "list_reply" || reply == nil {
			reply = m.Interactive.ListReply
		}
		if reply == nil {
			break
		}
		return content{kind: domain.MessageText, text: reply.Title, replyID: reply.ID}, true
	case typeButton:
		if m.Button == nil {
			break
		}
		return content{kind: domain.MessageText, text: m.Button.Text, replyID: m.Button.Payload}, true
	case typeLocation:
		if m.Location == nil {
			break
		}
		return content{kind: domain.MessageDocument, text: locationText(*m.Location)}, true
	case typeContacts:
		if len(m.Contacts) == 0 {
			break
		}
		return content{kind: domain.MessageDocument, text: contactsText(m.Contacts)}, true
	}
	return content{}, false
}

// locationText is "[location] name, address (lat, long)", leaving out what
// the customer's app did not send.
func locationText(l wireLocation) string {
	var parts []string
	for _, p := range []string{l.Name, l.Address} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	text := "[location]"
	if len(parts) > 0 {
		text += " " + strings.Join(parts, ", ")
	}
	if lat, long, ok := coordinates(l); ok {
		text += fmt.Sprintf(" (%s, %s)", lat, long)
	}
	return text
}

// coordinates returns the position as the platform wrote it, when both
// numbers are numbers.
func coordinates(l wireLocation) (string, string, bool) {
	_, errLat := strconv.ParseFloat(l.Latitude.String(), 64)
	_, errLong := strconv.ParseFloat(l.Longitude.String(), 64)
	return l.Latitude.String(), l.Longitude.String(), errLat == nil && errLong == nil
}

// contactsText is "[contact] name phone…" for each shared card, one per line.
func contactsText(cards []wireShared) string {
	lines := make([]string, 0, len(cards))
	for _, c := range cards {
		name := strings.TrimSpace(c.Name.FormattedName)
		if name == "" {
			name = strings.TrimSpace(c.Name.FirstName + " " + c.Name.LastName)
		}
		parts := []string{"[contact]"}
		if name != "" {
			parts = append(parts, name)
		}
		for _, p := range c.Phones {
			if phone := strings.TrimSpace(p.Phone); phone != "" {
				parts = append(parts, phone)
			} else if p.WaID != "" {
				parts = append(parts, p.WaID)
			}
		}
		lines = append(lines, strings.Join(parts, " "))
	}
	return strings.Join(lines, "\n")
}

// parseReaction reads a reaction: the customer's emoji on one of the
// conversation's messages ("" when they took it back).
func (p *Parser) parseReaction(m wireMessage, phone string) (messaging.Reaction, error) {
	if m.Reaction == nil || m.Reaction.MessageID == "" {
		return messaging.Reaction{}, fmt.Errorf("reaction %s: %w", m.ID, messaging.ErrEmptyContent)
	}
	return messaging.Reaction{
		ID:          m.ID,
		PhoneNumber: phone,
		MessageID:   m.Reaction.MessageID,
		Emoji:       m.Reaction.Emoji,
		At:          timeOr(m.Timestamp, p.Now),
	}, nil
}
