package crm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// defaultPipeline is the pipeline the CRM uses when none is configured.
const defaultPipeline = "default"

// ErrSetup reports CRM settings that name something the CRM does not have.
var ErrSetup = errors.New("crm: the CRM lacks what the settings name")

// SetupReport is what the CRM has of a Mapping, as Check found it.
type SetupReport struct {
	// TokenRefused: the CRM answered 401 or 403 to the access token, and
	// nothing else was asked.
	TokenRefused bool
	// Pipeline is the pipeline looked in (CRM_PIPELINE, or "default");
	// PipelineMissing that the CRM has none by that ID.
	Pipeline        string
	PipelineMissing bool
	// Stages are the logical stages the projection sends, in its order,
	// each with the ID it is sent as and whether the pipeline has it
	// (unknown when the pipeline is missing).
	Stages []StageFound
	// Property is the session property; PropertyFound whether the CRM's
	// deals have it.
	Property      string
	PropertyFound bool
}

// StageFound is one logical stage of a SetupReport.
type StageFound struct {
	Logical, ID string
	Found       bool
}

// OK reports whether the CRM has everything m names.
func (r SetupReport) OK() bool {
	if r.TokenRefused || r.PipelineMissing || !r.PropertyFound {
		return false
	}
	for _, s := range r.Stages {
		if !s.Found {
			return false
		}
	}
	return true
}

// Check reads, without writing, whether the CRM accepts the access token
// and has what the client would send with m: the pipeline, the stage ID of
// every logical stage in it, and the deal property that holds the session
// ID. It is the probe of `intake smoke crm` (Probe, then CheckSetup), with
// the mapping an owner typed and not yet saved. The error is a CRM that
// could not be asked (down, timing out, answering 5xx).
func (c *Client) Check(ctx context.Context, m Mapping) (SetupReport, error) {
	resp, err := c.api.Probe(ctx, contactsPath, url.Values{"limit": {"1"}})
	if resp.Status == http.StatusUnauthorized || resp.Status == http.StatusForbidden {
		return SetupReport{TokenRefused: true}, nil
	}
	if err != nil {
		return SetupReport{}, err
	}
	return c.checkMapping(ctx, m)
}

// checkMapping looks for the pipeline, m's stages and m's property.
func (c *Client) checkMapping(ctx context.Context, m Mapping) (SetupReport, error) {
	r := SetupReport{Pipeline: c.cfg.Pipeline, Property: m.property()}
	if r.Pipeline == "" {
		r.Pipeline = defaultPipeline
	}
	stages, err := c.pipelineStages(ctx, r.Pipeline)
	switch {
	case errors.Is(err, ErrSetup):
		r.PipelineMissing = true
	case err != nil:
		return SetupReport{}, err
	}
	for _, logical := range c.checkedStages(m) {
		id := m.stageID(logical)
		r.Stages = append(r.Stages, StageFound{Logical: logical, ID: id, Found: slices.Contains(stages, id)})
	}
	switch err := c.dealProperty(ctx, r.Property); {
	case err == nil:
		r.PropertyFound = true
	case !errors.Is(err, ErrSetup):
		return SetupReport{}, err
	}
	return r, nil
}

// CheckSetup is checkMapping of the mapping in force, in words for the
// smoke: what was found, or an error wrapping ErrSetup that names every
// missing item with the variable that sets it. A real pipeline rejects an
// unknown stage with 400, which blocks the projection, so the smoke says
// what is missing first.
func (c *Client) CheckSetup(ctx context.Context) (string, error) {
	r, err := c.checkMapping(ctx, c.live.Get())
	if err != nil {
		return "", err
	}
	var missing, found []string
	if r.PipelineMissing {
		missing = append(missing, fmt.Sprintf("deal pipeline %q (CRM_PIPELINE)", r.Pipeline))
	}
	for _, s := range r.Stages {
		switch {
		case s.Found:
			found = append(found, s.Logical)
		case !r.PipelineMissing:
			missing = append(missing, fmt.Sprintf("stage %q for %s in pipeline %q (CRM_STAGES %s=<stage id>)", s.ID, s.Logical, r.Pipeline, s.Logical))
		}
	}
	if !r.PropertyFound {
		missing = append(missing, fmt.Sprintf("deal property %q (create it, or set CRM_SESSION_PROPERTY)", r.Property))
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("%w: missing %s", ErrSetup, strings.Join(missing, "; "))
	}
	return fmt.Sprintf("pipeline %q has the stages of %s; deal property %q exists", r.Pipeline, strings.Join(found, ", "), r.Property), nil
}

// checkedStages are the logical stages whose IDs must exist: the
// projection's, or those m maps when the client was not told them.
func (c *Client) checkedStages(m Mapping) []string {
	if len(c.cfg.LogicalStages) > 0 {
		return c.cfg.LogicalStages
	}
	return slices.Sorted(maps.Keys(m.Stages))
}

// pipelineStages lists the stage IDs of a deal pipeline; ErrSetup when the
// CRM has no such pipeline.
func (c *Client) pipelineStages(ctx context.Context, pipeline string) ([]string, error) {
	resp, err := c.api.Do(ctx, http.MethodGet, "/crm/v3/pipelines/deals/"+url.PathEscape(pipeline), nil, nil)
	if err != nil {
		return nil, err
	}
	if resp.Status == http.StatusNotFound {
		return nil, ErrSetup
	}
	if !resp.OK() {
		return nil, errors.New(resp.Detail)
	}
	var body struct {
		Stages []struct {
			ID string `json:"id"`
		} `json:"stages"`
	}
	if err := json.Unmarshal(resp.Body, &body); err != nil {
		return nil, fmt.Errorf("%s: not a pipeline: %v", resp.Detail, err)
	}
	ids := make([]string, 0, len(body.Stages))
	for _, s := range body.Stages {
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// dealProperty reads a deal property; ErrSetup when the CRM has none by that
// name.
func (c *Client) dealProperty(ctx context.Context, name string) error {
	resp, err := c.api.Do(ctx, http.MethodGet, "/crm/v3/properties/deals/"+url.PathEscape(name), nil, nil)
	if err != nil {
		return err
	}
	if resp.Status == http.StatusNotFound {
		return ErrSetup
	}
	if !resp.OK() {
		return errors.New(resp.Detail)
	}
	return nil
}
