package crm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// defaultPipeline is the pipeline the CRM uses when none is configured.
const defaultPipeline = "default"

// ErrSetup reports CRM settings that name something the CRM does not have.
var ErrSetup = errors.New("crm: the CRM lacks what the settings name")

// CheckSetup reads, without writing, whether the CRM has what this client
// will send: the pipeline (CRM_PIPELINE, or the default one), the stage ID
// of every logical stage in it (CRM_STAGES maps them; an unmapped one is
// sent by its logical name), and the deal property that holds the session ID
// (CRM_SESSION_PROPERTY). A real pipeline rejects an unknown stage with 400,
// which blocks the projection, so the smoke says what is missing first. The
// error wraps ErrSetup and names every missing item.
func (c *Client) CheckSetup(ctx context.Context) (string, error) {
	pipeline := c.cfg.Pipeline
	if pipeline == "" {
		pipeline = defaultPipeline
	}
	var missing []string
	stages, err := c.pipelineStages(ctx, pipeline)
	switch {
	case errors.Is(err, ErrSetup):
		missing = append(missing, fmt.Sprintf("deal pipeline %q (CRM_PIPELINE)", pipeline))
	case err != nil:
		return "", err
	default:
		for _, logical := range c.checkedStages() {
			if id := c.cfg.stageID(logical); !slices.Contains(stages, id) {
				missing = append(missing, fmt.Sprintf("stage %q for %s in pipeline %q (CRM_STAGES %s=<stage id>)", id, logical, pipeline, logical))
			}
		}
	}
	switch err := c.dealProperty(ctx, c.cfg.SessionProperty); {
	case errors.Is(err, ErrSetup):
		missing = append(missing, fmt.Sprintf("deal property %q (create it, or set CRM_SESSION_PROPERTY)", c.cfg.SessionProperty))
	case err != nil:
		return "", err
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("%w: missing %s", ErrSetup, strings.Join(missing, "; "))
	}
	return fmt.Sprintf("pipeline %q has the stages of %s; deal property %q exists", pipeline, strings.Join(c.checkedStages(), ", "), c.cfg.SessionProperty), nil
}

// checkedStages are the logical stages whose IDs must exist.
func (c *Client) checkedStages() []string {
	if len(c.cfg.LogicalStages) > 0 {
		return c.cfg.LogicalStages
	}
	mapped := make([]string, 0, len(c.cfg.Stages))
	for logical := range c.cfg.Stages {
		mapped = append(mapped, logical)
	}
	slices.Sort(mapped)
	return mapped
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
