package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Desired is the state the CRM and the ERP should hold for a session. Contact
// and Deal are the CRM's contact and deal payloads (see the spec's CRM
// payloads); Customer is the ERP customer payload once registration is
// complete, nil before (and in records of older releases).
type Desired struct {
	Stage    string         `dynamodbav:"stage" json:"stage"`
	Terminal bool           `dynamodbav:"terminal" json:"terminal"`
	Contact  map[string]any `dynamodbav:"contact" json:"contact"`
	Deal     map[string]any `dynamodbav:"deal" json:"deal"`
	Customer map[string]any `dynamodbav:"customer,omitempty" json:"customer,omitempty"`
}

// Normalize gives the payloads their defaults: nil contact and deal read as
// empty objects, an empty customer as none. Revision and the stored
// projection both see a desired state normalized.
func (d *Desired) Normalize() {
	if d.Contact == nil {
		d.Contact = map[string]any{}
	}
	if d.Deal == nil {
		d.Deal = map[string]any{}
	}
	if len(d.Customer) == 0 {
		d.Customer = nil
	}
}

// Revision is the SHA-256 (hex) of d's canonical JSON: object keys sorted at
// every level, numbers as JSON writes float64, nil payloads as empty objects
// (an absent customer is left out, so desired states without one keep the
// revisions older releases computed).
// Equal desired states have equal revisions however they were built or
// whichever store they were read back from. It fails only for values JSON
// cannot encode (NaN, channels), which no payload builder produces.
func Revision(d Desired) (string, error) {
	d.Normalize()
	raw, err := json.Marshal(d)
	if err != nil {
		return "", fmt.Errorf("domain: revision of desired state: %w", err)
	}
	// Decoding into a generic value and encoding again sorts the keys of
	// nested structs too and writes every number as a float64 would be.
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return "", fmt.Errorf("domain: revision of desired state: %w", err)
	}
	canonical, err := json.Marshal(generic)
	if err != nil {
		return "", fmt.Errorf("domain: revision of desired state: %w", err)
	}
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:]), nil
}
