package crm

import (
	"context"
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
)

// FindDeal looks up the deal of a session by the session property and
// returns its ID in MockID, null when the CRM has none. When duplicates exist
// (made before this client guarded creates) the oldest wins.
func (c *Client) FindDeal(ctx context.Context, sessionID string) (domain.AdapterResult, error) {
	_, resp, err := c.search(ctx, dealsPath, c.live.Get().property(), sessionID)
	return resp, err
}

// CreateDeal creates the deal of a session from the deal payload
// ({"properties", "associations"}, built by projection.BuildDealPayload with
// the contact's ID) in the logical stage, and returns its ID in MockID. The
// pipeline and owner come from the configuration, dealstage from the stage
// mapping, and the session property is set so the deal can be found again. A
// 409 resolves to the existing deal of the session.
//
// The caller must record that a create started before calling it: a timeout
// leaves the outcome unknown, and only a lookup by FindDeal may follow. The
// string is the deal's version tag (ETag) when the CRM sent one.
func (c *Client) CreateDeal(ctx context.Context, sessionID, stage string, deal map[string]any) (domain.AdapterResult, string, error) {
	m := c.live.Get()
	props := properties(deal)
	props[propDealStage] = m.stageID(stage)
	props[m.property()] = sessionID
	if c.cfg.Pipeline != "" {
		props[propPipeline] = c.cfg.Pipeline
	}
	if c.cfg.OwnerID != "" {
		props[propOwner] = c.cfg.OwnerID
	}
	associations := deal["associations"]
	if associations == nil {
		associations = []any{}
	}
	resp, err := c.api.Do(ctx, http.MethodPost, dealsPath, nil, map[string]any{"properties": props, "associations": associations})
	if err != nil {
		return failed(resp), "", err
	}
	if resp.Status == http.StatusConflict {
		found, err := c.FindDeal(ctx, sessionID)
		if err != nil || (found.Success && found.MockID != "") {
			c.api.Logger().Debug("deal of the session exists", zap.String("session_id", sessionID), zap.String("deal_id", string(found.MockID)))
			return found, "", err
		}
	}
	if !resp.OK() {
		return failed(resp), "", nil
	}
	_, out := createdID(resp)
	return out, resp.ETag, nil
}

// UpdateDeal writes the deal payload's properties and the stage to an
// existing deal. Pipeline and owner are not sent: they are set on create,
// and an operator may have changed them since. Associations are not touched.
// With etag (the version Intake last wrote) the write is conditional
// (If-Match): a deal changed in the CRM since is refused with 412, a
// permanent failure that blocks the projection for a person to reconcile,
// rather than silently overwritten. It returns the deal's new version tag
// when the CRM sent one.
func (c *Client) UpdateDeal(ctx context.Context, id, stage string, deal map[string]any, etag string) (domain.AdapterResult, string, error) {
	props := properties(deal)
	delete(props, propPipeline)
	props[propDealStage] = c.live.Get().stageID(stage)
	resp, err := c.api.DoIfMatch(ctx, http.MethodPatch, objectPath(dealsPath, id), nil, map[string]any{"properties": props}, etag)
	if err != nil || !resp.OK() {
		return failed(resp), "", err
	}
	return succeeded(id, fmt.Sprintf("%s: deal %s updated", resp.Detail, id)), resp.ETag, nil
}
