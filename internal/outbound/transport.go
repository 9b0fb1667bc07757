package outbound

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Defaults of Config, applied to the fields left zero.
const (
	DefaultMaxIdlePerHost      = 256
	DefaultDialTimeout         = 10 * time.Second
	DefaultKeepAlive           = 30 * time.Second
	DefaultIdleConnTimeout     = 90 * time.Second
	DefaultTLSHandshakeTimeout = 10 * time.Second
)

// providerHosts is how many hosts the pool is sized for: the model, the
// messaging platform, the CRM and the ERP. MaxIdleConns is this many times
// the per-host figure, so no provider's idle connections evict another's.
const providerHosts = 4

// Config tunes the shared transport. The zero value is the default transport.
type Config struct {
	// MaxIdlePerHost is how many idle connections are kept per provider host
	// (HTTP_MAX_IDLE_PER_HOST): at least the number of calls expected in
	// flight to one provider, so that calls under load find a connection
	// waiting. Default 256.
	MaxIdlePerHost int
	// MaxConnsPerHost caps the connections per host, idle or busy; 0 (the
	// default) leaves them unlimited. Concurrency is already bounded upstream
	// (one call per conversation child, pacing per number and account); a cap
	// here would queue calls inside the transport, unseen by pacing and
	// counted against their per-call deadlines.
	MaxConnsPerHost int
	// DialTimeout bounds establishing a TCP connection. Default 10s.
	DialTimeout time.Duration
	// KeepAlive is the TCP keep-alive period of each connection. Default 30s.
	KeepAlive time.Duration
	// IdleConnTimeout closes a connection idle for this long. Default 90s,
	// under the idle timeouts providers' load balancers apply.
	IdleConnTimeout time.Duration
	// TLSHandshakeTimeout bounds the TLS handshake. Default 10s.
	TLSHandshakeTimeout time.Duration
}

func (c *Config) setDefaults() {
	if c.MaxIdlePerHost <= 0 {
		c.MaxIdlePerHost = DefaultMaxIdlePerHost
	}
	if c.MaxConnsPerHost < 0 {
		c.MaxConnsPerHost = 0
	}
	if c.DialTimeout <= 0 {
		c.DialTimeout = DefaultDialTimeout
	}
	if c.KeepAlive <= 0 {
		c.KeepAlive = DefaultKeepAlive
	}
	if c.IdleConnTimeout <= 0 {
		c.IdleConnTimeout = DefaultIdleConnTimeout
	}
	if c.TLSHandshakeTimeout <= 0 {
		c.TLSHandshakeTimeout = DefaultTLSHandshakeTimeout
	}
}

// NewTransport builds a transport of its own for cfg: a clone of
// http.DefaultTransport (proxy from the environment, HTTP/2) with the pool
// sized by cfg. No response-header timeout is set: each client's per-call
// context bounds its calls. Most code wants Shared or Client instead; tests
// and benchmarks use a transport of their own to count its connections.
func NewTransport(cfg Config) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	Tune(t, cfg)
	return t
}

// Tune sizes t's pool and sets its timeouts as NewTransport does, for a
// transport built elsewhere: the AWS SDK's clients keep their own (it adds
// AWS_CA_BUNDLE's roots to it), tuned with this.
func Tune(t *http.Transport, cfg Config) {
	cfg.setDefaults()
	t.DialContext = (&net.Dialer{Timeout: cfg.DialTimeout, KeepAlive: cfg.KeepAlive}).DialContext
	t.ForceAttemptHTTP2 = true // a custom DialContext turns HTTP/2 off unless forced
	t.MaxIdleConns = providerHosts * cfg.MaxIdlePerHost
	t.MaxIdleConnsPerHost = cfg.MaxIdlePerHost
	t.MaxConnsPerHost = cfg.MaxConnsPerHost
	t.IdleConnTimeout = cfg.IdleConnTimeout
	t.TLSHandshakeTimeout = cfg.TLSHandshakeTimeout
	t.ResponseHeaderTimeout = 0
}

var (
	sharedMu sync.Mutex
	shared   = map[Config]*http.Transport{}
)

// Shared returns the process's transport for cfg, building it on first use:
// every caller with the same settings (after defaults) shares one pool, as
// every caller of net/http shares http.DefaultTransport. A process has one
// configuration, hence one transport.
func Shared(cfg Config) *http.Transport {
	cfg.setDefaults()
	sharedMu.Lock()
	defer sharedMu.Unlock()
	t, ok := shared[cfg]
	if !ok {
		t = NewTransport(cfg)
		shared[cfg] = t
	}
	return t
}

// Client returns an *http.Client on Shared(cfg) without a client-wide
// Timeout: callers bound each call with their own context. Each call returns
// a new Client value, so a caller that sets fields on it changes no one
// else's; the connections are shared.
func Client(cfg Config) *http.Client {
	return &http.Client{Transport: Shared(cfg)}
}
