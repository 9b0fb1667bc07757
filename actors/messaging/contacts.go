package messaging

import "encoding/json"

// contactNames holds the profile names of a change's contacts, keyed by their
// normalized wa_id.
type contactNames struct {
	byPhone map[string]string
	// lonePhone and loneName are the only contact of a change, which is how
	// the platform sends almost every callback: it spares them the map.
	lonePhone, loneName string
	// anonymous is the name of a lone contact without a wa_id: with a single
	// contact it can only belong to the change's sender.
	anonymous string
}

// pushNames collects contacts[].profile.name. Contacts are optional data, so a
// malformed one is skipped, never a reason to reject a message.
func pushNames(raw []json.RawMessage) contactNames {
	contacts := make([]wireContact, 0, len(raw))
	for _, r := range raw {
		var c wireContact
		if json.Unmarshal(r, &c) == nil {
			contacts = append(contacts, c)
		}
	}
	return namesOf(contacts, len(raw))
}

// namesOf indexes decoded contacts; total counts the contacts of the change,
// decodable or not, for the lone-contact rule.
func namesOf(contacts []wireContact, total int) contactNames {
	if total == 1 && len(contacts) == 1 {
		c := contacts[0]
		if phone, err := NormalizeSender(c.WaID); err == nil {
			return contactNames{lonePhone: phone, loneName: c.Profile.Name}
		}
		return contactNames{anonymous: c.Profile.Name}
	}
	names := contactNames{byPhone: make(map[string]string, len(contacts))}
	for _, c := range contacts {
		if c.Profile.Name == "" {
			continue
		}
		if phone, err := NormalizeSender(c.WaID); err == nil {
			names.byPhone[phone] = c.Profile.Name
		}
	}
	return names
}

// lookup returns the profile name of the sender phone, "" when unknown.
func (n contactNames) lookup(phone string) string {
	if n.lonePhone != "" && phone == n.lonePhone {
		return n.loneName
	}
	if name, ok := n.byPhone[phone]; ok {
		return name
	}
	return n.anonymous
}
