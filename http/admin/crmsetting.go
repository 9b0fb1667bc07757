package admin

import (
	"context"
	"errors"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/settings"
)

// CRMDoc is the setting of the CRM stages and session property: the JSON
// of a crm.Mapping. Its seed is CRM_STAGES and CRM_SESSION_PROPERTY.
const CRMDoc = "crm"

// CRM is the CRM as the CRM page uses it: the mapping the projection sends
// with on this node, and the probe of `intake smoke crm` (the token, the
// pipeline, each stage ID, the session property) run with a mapping not
// yet saved. Check answers ErrCRMNotConnected where the CRM is a local stub.
type CRM interface {
	Mapping() crm.Mapping
	Check(ctx context.Context, m crm.Mapping) (crm.SetupReport, error)
}

// ErrCRMNotConnected is Check's answer where no CRM is connected: the page
// says so instead of a success it could not know.
var ErrCRMNotConnected = errors.New("admin: no CRM connected")

// RegisterCRM makes the CRM stages and session property a setting and
// returns where it is live: the CRM client reads it at each call, so a
// saved edit applies to the next sync run without a restart. A text is
// checked by the rules CRM_STAGES is checked by (crm.Mapping.Validate).
func RegisterCRM(live *settings.Live, seed crm.Mapping) *crm.LiveMapping {
	mapping := crm.NewLiveMapping(seed)
	live.Register(CRMDoc, settings.Doc{
		Check: func(_, text string) error {
			_, err := parseCRM(text, seed)
			return err
		},
		Apply: func(_, text string) {
			if m, err := parseCRM(text, seed); err == nil {
				mapping.Set(m)
			}
		},
	})
	return mapping
}

// parseCRM reads a text of CRMDoc; "" is the seed.
func parseCRM(text string, seed crm.Mapping) (crm.Mapping, error) {
	if text == "" {
		return seed, nil
	}
	m, err := crm.ParseMapping(text)
	if err != nil {
		return crm.Mapping{}, err
	}
	return m, m.Validate(projection.Stages())
}
