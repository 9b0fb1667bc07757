package crm

// Property names the client writes or rewrites in the final form.
const (
	propPipeline   = "pipeline"
	propDealStage  = "dealstage"
	propOwner      = "hubspot_owner_id"
	legacyOwnerKey = "crm_owner_id" // the builder's name, kept by the spec
)

// properties returns a copy of payload["properties"] without null values and
// without the builder's legacy owner key: the base of every request body,
// which never mutates the projection's stored payload.
func properties(payload map[string]any) map[string]any {
	in, _ := payload["properties"].(map[string]any)
	out := make(map[string]any, len(in)+3)
	for k, v := range in {
		if v != nil && k != legacyOwnerKey {
			out[k] = v
		}
	}
	return out
}
