package projection

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// FallbackServiceName is the service part of a deal's name while no service is
// identified (a conversation handed to a person during triage).
const FallbackServiceName = "Serviço não identificado"

// dealContactAssociation is the CRM-defined association type from a deal to a
// contact.
const dealContactAssociation = 3

// DealInput is what build_deal_payload() reads.
type DealInput struct {
	// Service is the canonical service name: servico_solicitado and the first
	// part of dealname.
	Service string
	// ContactName is the customer's full name, the second part of dealname.
	ContactName string
	// Segment is segmento.
	Segment string
	// Description is descricao_solicitacao: the request in the customer's
	// words.
	Description string
	// History is historico_conversa: the conversation as a person should read
	// it (the operational summary's text).
	History string
	// Qualification is qualification_data, flattened into
	// qualification_data_json.
	Qualification map[string]any
	// Phone, Email and Document are telefone, email and cpf_cnpj.
	Phone, Email, Document string
	// ContactID is the spec's contact_mock_id: the CRM contact the deal is
	// associated with; empty leaves associations empty.
	ContactID string
}

// BuildDealPayload is the spec's build_deal_payload(): {"properties": {...},
// "associations": [...]}. dealname is "<service> - <contact name>" (with
// FallbackServiceName and FallbackLeadName standing in for unknown parts);
// pipeline, dealstage and crm_owner_id are null, for the CRM client fills them
// from its configuration and the projection's stage; the other properties are
// strings, empty when unknown. associations holds one deal-to-contact
// association (CRM_DEFINED, type 3) with a contact ID and is an empty list
// without one.
func BuildDealPayload(in DealInput) map[string]any {
	service := cmp.Or(strings.TrimSpace(in.Service), FallbackServiceName)
	name := cmp.Or(strings.Join(strings.Fields(in.ContactName), " "), FallbackLeadName)
	return map[string]any{
		"properties": map[string]any{
			"dealname":                service + " - " + name,
			"pipeline":                nil,
			"dealstage":               nil,
			"crm_owner_id":            nil,
			"segmento":                in.Segment,
			"origem_lead":             LeadSource,
			"servico_solicitado":      strings.TrimSpace(in.Service),
			"descricao_solicitacao":   strings.TrimSpace(in.Description),
			"historico_conversa":      strings.TrimSpace(in.History),
			"qualification_data_json": QualificationText(in.Qualification),
			"telefone":                strings.TrimSpace(in.Phone),
			"email":                   strings.TrimSpace(in.Email),
			"cpf_cnpj":                strings.TrimSpace(in.Document),
		},
		"associations": associations(in.ContactID),
	}
}

// associations is the deal's association list: one to the contact, or empty.
func associations(contactID string) []any {
	if contactID == "" {
		return []any{}
	}
	return []any{map[string]any{
		"to": map[string]any{"id": contactID},
		"types": []any{map[string]any{
			"associationCategory": "CRM_DEFINED",
			"associationTypeId":   dealContactAssociation,
		}},
	}}
}

// withContact returns a copy of a deal payload associated with contactID. The
// desired state is recorded before the contact exists, so the worker adds the
// association when it creates the deal.
func withContact(deal map[string]any, contactID string) map[string]any {
	out := maps.Clone(deal)
	out["associations"] = associations(contactID)
	return out
}

// QualificationText is the spec's qualification_data_json: "key=value;
// key=value" with the keys sorted, so equal data always gives equal text (and
// an equal revision). Scalars are written as text, lists and objects as JSON,
// null as nothing. Despite its name it is not JSON.
func QualificationText(data map[string]any) string {
	parts := make([]string, 0, len(data))
	for _, k := range slices.Sorted(maps.Keys(data)) {
		parts = append(parts, k+"="+flatten(data[k]))
	}
	return strings.Join(parts, "; ")
}

func flatten(v any) string {
	switch v.(type) {
	case map[string]any, []any, []string:
		if raw, err := json.Marshal(v); err == nil {
			return string(raw)
		}
	}
	return domain.DataText(v)
}
