package projection

import (
	"github.com/intake-runtime/intake/domain"
)

// LeadSource is the CRM's origem_lead of every contact and deal Intake
// writes: where the lead came from. The property keeps its legacy name for
// contract compatibility (spec "CRM contact payload").
const LeadSource = "intake-whatsapp"

// FallbackLeadName is the contact's firstname, and the name in a deal's name,
// while the customer's name is unknown.
const FallbackLeadName = "Lead WhatsApp"

// BuildContactPayload is the spec's build_contact_payload(cadastral_data,
// segment, phone_number): {"properties": {...}} with firstname and lastname
// (the name's first word and the rest), email, phone, address, city, state,
// zip, segmento, origem_lead and cpf_cnpj. Missing strings are null (the CRM
// client drops them, so a null never erases what the CRM holds). Without a
// name, firstname is FallbackLeadName; without a cadastral phone, phone is the
// phone argument (the WhatsApp number). See cadastral.go for the keys read.
func BuildContactPayload(cadastral map[string]any, segment string, phone string) map[string]any {
	first, last := splitName(field(cadastral, nameKeys))
	if first == "" {
		first = FallbackLeadName
	}
	tel := field(cadastral, phoneKeys)
	if tel == "" {
		tel = domain.DataText(phone)
	}
	return map[string]any{"properties": map[string]any{
		"firstname":   first,
		"lastname":    nullable(last),
		"email":       nullable(field(cadastral, emailKeys)),
		"phone":       nullable(tel),
		"address":     nullable(field(cadastral, addressKeys)),
		"city":        nullable(field(cadastral, cityKeys)),
		"state":       nullable(field(cadastral, stateKeys)),
		"zip":         nullable(field(cadastral, zipKeys)),
		"segmento":    segment,
		"origem_lead": LeadSource,
		"cpf_cnpj":    nullable(field(cadastral, documentKeys)),
	}}
}
