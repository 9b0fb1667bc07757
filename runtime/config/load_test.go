package config_test

import (
	"reflect"
	"testing"
	"time"

	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/runtime/config"
)

// env is a lookup over a map, as tests pass to Load instead of the process
// environment.
func env(vars map[string]string) config.LookupFunc {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestLoadDefaults(t *testing.T) {
	want := config.Config{
		HTTP: config.HTTP{
			DashboardPort: 8080, Port: 8080,
			ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second, IdleTimeout: time.Minute,
			MaxConcurrency: 4096,
		},
		Webhook: config.Webhook{MaxAge: 7 * 24 * time.Hour},
		DevUI:   config.DevUI{AllowedHosts: []string{"localhost", "127.0.0.1"}},
		Log:     config.Log{Level: zapcore.InfoLevel},
		Messaging: config.Messaging{
			CloudEnabled: true,
			Interactive:  true,
			APIBaseURL:   "https://graph.facebook.com",
			APIVersion:   "v21.0",
			Instances:    []string{"instance_a", "instance_b"},
			MaxRPS:       80,
			// MEDIA_MAX_BYTES: 16 MiB, the platform's limit on audio and video.
			MediaMaxBytes: 16 << 20,
		},
		LLM:           config.LLM{Provider: "openai", Timeout: 30 * time.Second, MaxAttempts: 2},
		Transcription: config.Transcription{Model: "gpt-4o-mini-transcribe", Timeout: 30 * time.Second},
		CRM:           config.CRM{Enabled: true, BaseURL: "https://api.hubapi.com", MaxRPS: 9, SessionProperty: "intake_session_id"},
		ERP:           config.ERP{Enabled: true, BaseURL: "https://api.bling.com.br/Api/v3", MaxRPS: 3},
		Table:         config.Table{Name: "intake", Region: "us-east-1", Timeout: 5 * time.Second, AuditRetention: 365 * 24 * time.Hour},
		Queue:         config.Queue{Concurrency: 16},
		Outbound:      config.Outbound{MaxIdlePerHost: 256},
		Handoff: config.Handoff{
			NotifierEnabled:    true,
			RenotifyAfter:      10 * time.Minute,
			MaxRenotifications: 3,
			SLA:                5 * time.Minute,
			Assignment:         "manual",
			AssignmentMaxOpen:  5,
		},
		Session: config.Session{
			DebounceWindow:        2 * time.Second,
			DebounceMaxWait:       8 * time.Second,
			IdleTimeout:           10 * time.Minute,
			MaxContextEnrichments: 2,
			TurnDeadline:          time.Minute,
		},
		Sync:     config.Sync{Interval: 30 * time.Second},
		Reports:  config.Reports{AbandonAfter: 24 * time.Hour, Interval: 10 * time.Minute},
		Recovery: config.Recovery{After: 2 * time.Minute, Interval: 30 * time.Second},
		Content:  config.Content{PromptRefresh: 10 * time.Second},
		Cluster: config.Cluster{
			Name: "intake", Host: "127.0.0.1", Port: 6331, Provider: config.ClusterAutomanaged,
			Peers: []string{"127.0.0.1:6330"}, AutomanagedPort: 6330, EtcdEndpoints: []string{"127.0.0.1:2379"},
		},
		Stubs:           config.Stubs{History: 1000},
		UI:              config.UI{Lang: "pt-BR", Timezone: "America/Sao_Paulo", DefaultCountry: "BR"},
		ShutdownTimeout: 30 * time.Second,
	}
	for name, vars := range map[string]map[string]string{
		"unset": {},
		"blank": {"DEBOUNCE_WINDOW": "", "CRM_ENABLED": "  ", "MESSAGING_INSTANCES": "", "LLM_PROVIDER": ""},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := config.Load(env(vars))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Load defaults:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}

func TestLoadReadsEveryVariable(t *testing.T) {
	tests := []struct {
		name, value string
		field       func(config.Config) any
		want        any
	}{
		{"DASHBOARD_PORT", "9090", func(c config.Config) any { return c.HTTP.DashboardPort }, 9090},
		{"PORT", "0", func(c config.Config) any { return c.HTTP.Port }, 0},
		{"DEV_UI_ENABLED", "1", func(c config.Config) any { return c.DevUI.Enabled }, true},
		{"DEV_ALLOWED_HOSTS", "Dev.Example, localhost", func(c config.Config) any { return c.DevUI.AllowedHosts }, []string{"Dev.Example", "localhost"}},
		{"LOG_LEVEL", "debug", func(c config.Config) any { return c.Log.Level }, zapcore.DebugLevel},
		{"MESSAGING_CLOUD_ENABLED", "false", func(c config.Config) any { return c.Messaging.CloudEnabled }, false},
		{"MESSAGING_INTERACTIVE", "false", func(c config.Config) any { return c.Messaging.Interactive }, false},
		{"MESSAGING_API_BASE_URL", "http://127.0.0.1:9000", func(c config.Config) any { return c.Messaging.APIBaseURL }, "http://127.0.0.1:9000"},
		{"MESSAGING_API_VERSION", "v22.0", func(c config.Config) any { return c.Messaging.APIVersion }, "v22.0"},
		{"MESSAGING_PHONE_NUMBER_ID", "1234", func(c config.Config) any { return c.Messaging.PhoneNumberID }, "1234"},
		{"MESSAGING_ACCESS_TOKEN", "tok", func(c config.Config) any { return c.Messaging.AccessToken.Reveal() }, "tok"},
		{"MESSAGING_APP_SECRET", "app", func(c config.Config) any { return c.Messaging.AppSecret.Reveal() }, "app"},
		{"MESSAGING_VERIFY_TOKEN", "ver", func(c config.Config) any { return c.Messaging.VerifyToken.Reveal() }, "ver"},
		{"MESSAGING_INSTANCES", " x , ,y ", func(c config.Config) any { return c.Messaging.Instances }, []string{"x", "y"}},
		{"MESSAGING_MAX_RPS", "0.5", func(c config.Config) any { return c.Messaging.MaxRPS }, 0.5},
		{"MEDIA_MAX_BYTES", "5242880", func(c config.Config) any { return c.Messaging.MediaMaxBytes }, 5242880},
		{"WEBHOOK_ALLOW_UNSIGNED", "true", func(c config.Config) any { return c.Webhook.AllowUnsigned }, true},
		{"LLM_PROVIDER", "openai", func(c config.Config) any { return c.LLM.Provider }, "openai"},
		{"LLM_API_KEY", "sk-1", func(c config.Config) any { return c.LLM.APIKey.Reveal() }, "sk-1"},
		{"LLM_BASE_URL", "http://localhost:11434/v1", func(c config.Config) any { return c.LLM.BaseURL }, "http://localhost:11434/v1"},
		{"LLM_MODEL", "gpt-x", func(c config.Config) any { return c.LLM.Model }, "gpt-x"},
		{"LLM_REASONING_EFFORT", "low", func(c config.Config) any { return c.LLM.ReasoningEffort }, "low"},
		{"LLM_REPLAY_FILE", "f.yaml", func(c config.Config) any { return c.LLM.ReplayFile }, "f.yaml"},
		{"CRM_ENABLED", "0", func(c config.Config) any { return c.CRM.Enabled }, false},
		{"CRM_BASE_URL", "http://crm.test", func(c config.Config) any { return c.CRM.BaseURL }, "http://crm.test"},
		{"CRM_ACCESS_TOKEN", "crm", func(c config.Config) any { return c.CRM.AccessToken.Reveal() }, "crm"},
		{"CRM_PIPELINE", "p1", func(c config.Config) any { return c.CRM.Pipeline }, "p1"},
		{"CRM_OWNER_ID", "o1", func(c config.Config) any { return c.CRM.OwnerID }, "o1"},
		{"CRM_MAX_RPS", "4", func(c config.Config) any { return c.CRM.MaxRPS }, 4.0},
		{"CRM_STAGES", " novo = appointmentscheduled, encerrado=closedlost ", func(c config.Config) any { return c.CRM.Stages },
			map[string]string{"novo": "appointmentscheduled", "encerrado": "closedlost"}},
		{"CRM_SESSION_PROPERTY", "intake_id", func(c config.Config) any { return c.CRM.SessionProperty }, "intake_id"},
		{"STUB_HISTORY", "50", func(c config.Config) any { return c.Stubs.History }, 50},
		{"ERP_ENABLED", "FALSE", func(c config.Config) any { return c.ERP.Enabled }, false},
		{"ERP_BASE_URL", "https://erp.test/v3", func(c config.Config) any { return c.ERP.BaseURL }, "https://erp.test/v3"},
		{"ERP_ACCESS_TOKEN", "erp", func(c config.Config) any { return c.ERP.AccessToken.Reveal() }, "erp"},
		{"ERP_MAX_RPS", "1", func(c config.Config) any { return c.ERP.MaxRPS }, 1.0},
		{"TABLE_NAME", "intake-test", func(c config.Config) any { return c.Table.Name }, "intake-test"},
		{"AWS_REGION", "sa-east-1", func(c config.Config) any { return c.Table.Region }, "sa-east-1"},
		{"AWS_ENDPOINT_URL_DYNAMODB", "http://127.0.0.1:4567", func(c config.Config) any { return c.Table.Endpoint }, "http://127.0.0.1:4567"},
		{"INBOUND_QUEUE_URL", "https://sqs.test/1/q", func(c config.Config) any { return c.Queue.InboundURL }, "https://sqs.test/1/q"},
		{"ADMIN_API_KEY", "adm", func(c config.Config) any { return c.Admin.APIKey.Reveal() }, "adm"},
		{"HANDOFF_NOTIFIER_ENABLED", "false", func(c config.Config) any { return c.Handoff.NotifierEnabled }, false},
		{"HANDOFF_EMAIL_FROM", "bot@example.com", func(c config.Config) any { return c.Handoff.EmailFrom }, "bot@example.com"},
		{"HANDOFF_EMAIL_TO", "a@example.com,b@example.com", func(c config.Config) any { return c.Handoff.EmailTo }, []string{"a@example.com", "b@example.com"}},
		{"HANDOFF_RENOTIFY_AFTER", "90s", func(c config.Config) any { return c.Handoff.RenotifyAfter }, 90 * time.Second},
		{"HANDOFF_SLA", "90s", func(c config.Config) any { return c.Handoff.SLA }, 90 * time.Second},
		{"ASSIGNMENT", "round_robin", func(c config.Config) any { return c.Handoff.Assignment }, "round_robin"},
		{"ASSIGNMENT_MAX_OPEN", "3", func(c config.Config) any { return c.Handoff.AssignmentMaxOpen }, 3},
		{"HANDOFF_MAX_RENOTIFICATIONS", "0", func(c config.Config) any { return c.Handoff.MaxRenotifications }, 0},
		// Operators' numbers as typed, in their identity form: the one a message from the platform has.
		{"OPERATOR_PHONES", "5511999990000,(11) 98888-0000,551188887777", func(c config.Config) any { return c.Handoff.OperatorPhones },
			[]string{"+5511999990000", "+5511988880000", "+5511988887777"}},
		// Owners' numbers likewise.
		{"ADMIN_PHONES", "(11) 98888-0000, 5511999990000", func(c config.Config) any { return c.Admin.Phones },
			[]string{"+5511988880000", "+5511999990000"}},
		{"DEFAULT_COUNTRY", "pt", func(c config.Config) any { return c.UI.DefaultCountry }, "PT"},
		{"DEBOUNCE_WINDOW", "500ms", func(c config.Config) any { return c.Session.DebounceWindow }, 500 * time.Millisecond},
		{"DEBOUNCE_MAX_WAIT", "2s", func(c config.Config) any { return c.Session.DebounceMaxWait }, 2 * time.Second},
		{"SESSION_IDLE_TIMEOUT", "1h", func(c config.Config) any { return c.Session.IdleTimeout }, time.Hour},
		{"MAX_CONTEXT_ENRICHMENTS", "0", func(c config.Config) any { return c.Session.MaxContextEnrichments }, 0},
		{"SYNC_INTERVAL", "5m", func(c config.Config) any { return c.Sync.Interval }, 5 * time.Minute},
		{"ABANDON_AFTER", "2h", func(c config.Config) any { return c.Reports.AbandonAfter }, 2 * time.Hour},
		{"REPORT_INTERVAL", "1m", func(c config.Config) any { return c.Reports.Interval }, time.Minute},
		{"RECOVERY_AFTER", "5m", func(c config.Config) any { return c.Recovery.After }, 5 * time.Minute},
		{"DATA_RETENTION", "720h", func(c config.Config) any { return c.Table.Retention }, 720 * time.Hour},
		{"AUDIT_RETENTION", "2160h", func(c config.Config) any { return c.Table.AuditRetention }, 2160 * time.Hour},
		{"RECOVERY_INTERVAL", "10s", func(c config.Config) any { return c.Recovery.Interval }, 10 * time.Second},
		{"CONTENT_DIR", "./content", func(c config.Config) any { return c.Content.Dir }, "./content"},
		{"PROMPT_REFRESH", "1s", func(c config.Config) any { return c.Content.PromptRefresh }, time.Second},
		{"PUBLIC_BASE_URL", "https://intake.example.com", func(c config.Config) any { return c.HTTP.PublicBaseURL }, "https://intake.example.com"},
		{"CLUSTER_ENABLED", "true", func(c config.Config) any { return c.Cluster.Enabled }, true},
		{"CLUSTER_NAME", "prod", func(c config.Config) any { return c.Cluster.Name }, "prod"},
		{"CLUSTER_HOST", "0.0.0.0", func(c config.Config) any { return c.Cluster.Host }, "0.0.0.0"},
		{"CLUSTER_PORT", "7000", func(c config.Config) any { return c.Cluster.Port }, 7000},
		{"CLUSTER_ADVERTISED_HOST", "10.0.0.7", func(c config.Config) any { return c.Cluster.AdvertisedHost }, "10.0.0.7"},
		{"CLUSTER_PROVIDER", "etcd", func(c config.Config) any { return c.Cluster.Provider }, "etcd"},
		{"CLUSTER_PEERS", "a:1,b:2", func(c config.Config) any { return c.Cluster.Peers }, []string{"a:1", "b:2"}},
		{"CLUSTER_AUTOMANAGED_PORT", "7001", func(c config.Config) any { return c.Cluster.AutomanagedPort }, 7001},
		{"CLUSTER_ETCD_ENDPOINTS", "e1:2379,e2:2379", func(c config.Config) any { return c.Cluster.EtcdEndpoints }, []string{"e1:2379", "e2:2379"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := config.Load(env(map[string]string{tt.name: tt.value}))
			if err != nil {
				t.Fatalf("Load(%s=%q): %v", tt.name, tt.value, err)
			}
			if got := tt.field(c); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Load(%s=%q) = %#v, want %#v", tt.name, tt.value, got, tt.want)
			}
		})
	}
}

func TestWithFallback(t *testing.T) {
	lookup := config.WithFallback(
		env(map[string]string{"DEV_UI_ENABLED": "false", "PORT": " "}),
		map[string]string{"DEV_UI_ENABLED": "true", "PORT": "9000", "TABLE_NAME": "from-file"},
	)
	c, err := config.Load(lookup)
	if err != nil {
		t.Fatal(err)
	}
	if c.DevUI.Enabled {
		t.Error("DEV_UI_ENABLED: exported false must win over the fallback true")
	}
	if c.HTTP.Port != 9000 {
		t.Errorf("PORT: blank exported value must fall back, got %d", c.HTTP.Port)
	}
	if c.Table.Name != "from-file" {
		t.Errorf("TABLE_NAME: unset must fall back, got %q", c.Table.Name)
	}
}
