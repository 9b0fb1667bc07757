package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// searchRequest is the body of POST /crm/v3/objects/{type}/search for one
// property equal to one value, oldest record first.
type searchRequest struct {
	FilterGroups []filterGroup `json:"filterGroups"`
	Sorts        []sort        `json:"sorts"`
	Properties   []string      `json:"properties"`
	Limit        int           `json:"limit"`
}

type filterGroup struct {
	Filters []filter `json:"filters"`
}

type filter struct {
	PropertyName string `json:"propertyName"`
	Operator     string `json:"operator"`
	Value        string `json:"value"`
}

type sort struct {
	PropertyName string `json:"propertyName"`
	Direction    string `json:"direction"`
}

// searchResponse is what the client reads of a search answer.
type searchResponse struct {
	Total   int `json:"total"`
	Results []struct {
		ID string `json:"id"`
	} `json:"results"`
}

// search returns the ID of the oldest record of collection whose property
// equals value, "" when none does. The CRM's search index lags writes by a few
// seconds; callers that must not miss a fresh record wait before searching
// (the sync job's reconcile delay) or rely on a 409.
func (c *Client) search(ctx context.Context, collection, property, value string) (string, domain.AdapterResult, error) {
	body := searchRequest{
		FilterGroups: []filterGroup{{Filters: []filter{{PropertyName: property, Operator: "EQ", Value: value}}}},
		Sorts:        []sort{{PropertyName: "createdate", Direction: "ASCENDING"}},
		Properties:   []string{property},
		Limit:        1,
	}
	resp, err := c.api.Do(ctx, http.MethodPost, collection+"/search", nil, body)
	if err != nil || !resp.OK() {
		return "", failed(resp), err
	}
	var found searchResponse
	if err := json.Unmarshal(resp.Body, &found); err != nil {
		return "", failedWith(domain.ErrorKindTransient, fmt.Sprintf("%s: unreadable search answer: %v", resp.Detail, err)), nil
	}
	if len(found.Results) == 0 || found.Results[0].ID == "" {
		return "", succeeded("", resp.Detail+": no match"), nil
	}
	return found.Results[0].ID, succeeded(found.Results[0].ID, fmt.Sprintf("%s: %d match(es)", resp.Detail, found.Total)), nil
}

// createdID reads the ID of a created object; a 2xx without one is uncertain,
// since the object exists but cannot be addressed.
func createdID(resp httpcall.Response) (string, domain.AdapterResult) {
	var created struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(resp.Body, &created) != nil || created.ID == "" {
		return "", failedWith(domain.ErrorKindUncertain, resp.Detail+": created, but the answer holds no id")
	}
	return created.ID, succeeded(created.ID, resp.Detail+": created")
}
