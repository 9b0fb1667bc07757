package config

import (
	"time"

	"github.com/intake-runtime/intake/locale"

	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/internal/recent"
)

// setDefaults fills every field with its default (.env.example lists them); an
// adapter's base URL, API version and rate are the adapter's own defaults,
// so that a client built in code and one built from the environment agree. Load
// calls it before reading the environment, not after, so that a variable set
// to a zero value (CRM_ENABLED=false, HANDOFF_MAX_RENOTIFICATIONS=0) is kept
// instead of being mistaken for "unset".
func (c *Config) setDefaults() {
	*c = Config{
		HTTP: HTTP{
			DashboardPort: 8080, Port: 8080,
			ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second,
			MaxConcurrency: 4096,
		},
		Webhook: Webhook{MaxAge: 7 * 24 * time.Hour},
		DevUI:   DevUI{AllowedHosts: []string{"localhost", "127.0.0.1"}},
		Log:     Log{Level: zapcore.InfoLevel},
		Messaging: Messaging{
			CloudEnabled:  true,
			Interactive:   true,
			APIBaseURL:    cloudapi.DefaultBaseURL,
			APIVersion:    cloudapi.DefaultVersion,
			Instances:     []string{"instance_a", "instance_b"},
			MaxRPS:        cloudapi.DefaultMaxRPS,
			MediaMaxBytes: cloudapi.DefaultMediaMaxBytes,
		},
		LLM:           LLM{Provider: ProviderOpenAI, Timeout: 30 * time.Second, MaxAttempts: 2},
		Transcription: Transcription{Model: DefaultTranscriptionModel, Timeout: 30 * time.Second},
		CRM:           CRM{Enabled: true, BaseURL: crm.DefaultBaseURL, MaxRPS: crm.DefaultMaxRPS, SessionProperty: crm.DefaultSessionProperty},
		ERP:           ERP{Enabled: true, BaseURL: erp.DefaultBaseURL, MaxRPS: erp.DefaultMaxRPS},
		Table:         Table{Name: "intake", Region: "us-east-1", Timeout: 5 * time.Second, AuditRetention: 365 * 24 * time.Hour},
		Queue:         Queue{Concurrency: 16},
		Outbound:      Outbound{MaxIdlePerHost: 256},
		Handoff: Handoff{
			NotifierEnabled:    true,
			RenotifyAfter:      10 * time.Minute,
			MaxRenotifications: 3,
			SLA:                5 * time.Minute,
			Assignment:         AssignmentManual,
			AssignmentMaxOpen:  5,
		},
		Session: Session{
			DebounceWindow:        2 * time.Second,
			DebounceMaxWait:       8 * time.Second,
			IdleTimeout:           10 * time.Minute,
			MaxContextEnrichments: 2,
			TurnDeadline:          60 * time.Second,
		},
		Sync:     Sync{Interval: 30 * time.Second},
		Reports:  Reports{AbandonAfter: 24 * time.Hour, Interval: 10 * time.Minute},
		Recovery: Recovery{After: 2 * time.Minute, Interval: 30 * time.Second},
		Content:  Content{PromptRefresh: 10 * time.Second},
		Cluster: Cluster{
			Name: "intake", Host: "127.0.0.1", Port: 6331, Provider: ClusterAutomanaged,
			Peers: []string{"127.0.0.1:6330"}, AutomanagedPort: 6330, EtcdEndpoints: []string{"127.0.0.1:2379"},
		},
		Stubs:           Stubs{History: recent.DefaultMax},
		ShutdownTimeout: 30 * time.Second,
		UI:              UI{Lang: string(locale.DefaultLang), Timezone: locale.DefaultZone, DefaultCountry: messaging.DefaultRegion},
	}
}
