package erp

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// customersPath is the ERP's contacts resource, where customers live.
const customersPath = "/contatos"

// Client is the ERP client of one account. It is safe for concurrent use; one
// Client per process keeps the rate limit.
type Client struct {
	api *httpcall.Client
}

// New checks cfg (after defaults) and returns a Client. A nil logger logs
// nothing.
func New(cfg Config, logger *zap.Logger) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	api, err := httpcall.New("erp", cfg.Config, logger)
	if err != nil {
		return nil, err
	}
	return &Client{api: api}, nil
}

// EnsureCustomer makes sure the customer of the payload (built by
// projection.BuildCustomerPayload) exists and returns its ERP ID in MockID:
// the customer found by the payload's cpfcnpj, or the one created from the
// payload. The error is non-nil only when ctx ended.
func (c *Client) EnsureCustomer(ctx context.Context, customer map[string]any) (domain.AdapterResult, error) {
	if doc, _ := customer["cpfcnpj"].(string); doc != "" {
		resp, err := c.api.Do(ctx, http.MethodGet, customersPath, url.Values{"numeroDocumento": {doc}}, nil)
		if err != nil || !resp.OK() {
			return failed(resp), err
		}
		if id := firstID(resp.Body); id != "" {
			c.api.Logger().Debug("customer exists", zap.String("customer_id", id))
			return succeeded(id, fmt.Sprintf("%s: customer %s exists", resp.Detail, id)), nil
		}
	}
	resp, err := c.api.Do(ctx, http.MethodPost, customersPath, nil, customer)
	if err != nil || !resp.OK() {
		return failed(resp), err
	}
	id := firstID(resp.Body)
	if id == "" {
		return domain.AdapterResult{
			Detail:    resp.Detail + ": created, but the answer holds no id",
			ErrorKind: domain.ErrorKindUncertain,
		}, nil
	}
	return succeeded(id, fmt.Sprintf("%s: customer %s created", resp.Detail, id)), nil
}

func succeeded(id, detail string) domain.AdapterResult {
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: detail}
}

func failed(r httpcall.Response) domain.AdapterResult {
	return domain.AdapterResult{Detail: r.Detail, ErrorKind: r.Kind}
}

// Probe reads one contact (GET /contatos?limite=1): it proves the token and
// the base URL and changes nothing.
func (c *Client) Probe(ctx context.Context) (string, error) {
	return c.api.ProbePage(ctx, customersPath, url.Values{"limite": {"1"}}, "data")
}
