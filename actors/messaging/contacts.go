package messaging

import "encoding/json"

// contactNames holds the profile names of a change's contacts, keyed by their
// normalized wa_id.
type contactNames struct {
	byPhone map[string]string
	// anonymous is the name of a lone contact without a wa_id: with a single
	// contact it can only belong to the change's sender.
	anonymous string
}

// pushNames collects contacts[].profile.name. Contacts are optional data, so a
// malformed one is skipped, never a reason to reject a message.
func pushNames(raw []json.RawMessage) contactNames {
	names := contactNames{byPhone: make(map[string]string, len(raw))}
	for _, r := range raw {
		var c wireContact
		if json.Unmarshal(r, &c) != nil || c.Profile.Name == "" {
			continue
		}
		if phone, err := NormalizeSender(c.WaID); err == nil {
			names.byPhone[phone] = c.Profile.Name
		} else if len(raw) == 1 {
			names.anonymous = c.Profile.Name
		}
	}
	return names
}

// lookup returns the profile name of the sender phone, "" when unknown.
func (n contactNames) lookup(phone string) string {
	if name, ok := n.byPhone[phone]; ok {
		return name
	}
	return n.anonymous
}
