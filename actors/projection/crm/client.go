package crm

import (
	"context"
	"net/url"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// API paths of the CRM objects the client uses.
const (
	contactsPath = "/crm/v3/objects/contacts"
	dealsPath    = "/crm/v3/objects/deals"
)

// Client is the CRM client of one account. It is safe for concurrent use; one
// Client should serve every worker of a process so the rate limit holds.
type Client struct {
	cfg Config
	api *httpcall.Client
	// live is Config.Live, or the Stages and SessionProperty of Config.
	live *LiveMapping
}

// New checks cfg (after defaults) and returns a Client. A nil logger logs
// nothing.
func New(cfg Config, logger *zap.Logger) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	api, err := httpcall.New("crm", cfg.Config, logger)
	if err != nil {
		return nil, err
	}
	live := cfg.Live
	if live == nil {
		live = NewLiveMapping(Mapping{Stages: cfg.Stages, SessionProperty: cfg.SessionProperty})
	}
	return &Client{cfg: cfg, api: api, live: live}, nil
}

// objectPath is the path of one object, its ID escaped.
func objectPath(collection, id string) string { return collection + "/" + url.PathEscape(id) }

// succeeded is a successful result carrying the CRM's ID.
func succeeded(id, detail string) domain.AdapterResult {
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: detail}
}

// failed is the result of a failed call.
func failed(r httpcall.Response) domain.AdapterResult {
	return domain.AdapterResult{Detail: r.Detail, ErrorKind: r.Kind}
}

// failedWith is a failed result the client decides itself, for an answer the
// provider gave without an error status (a 2xx without an ID).
func failedWith(kind domain.ErrorKind, detail string) domain.AdapterResult {
	return domain.AdapterResult{Detail: detail, ErrorKind: kind}
}

// Probe reads one page of one contact: it proves the token and the base URL
// and changes nothing.
func (c *Client) Probe(ctx context.Context) (string, error) {
	return c.api.ProbePage(ctx, contactsPath, url.Values{"limit": {"1"}}, "results")
}
