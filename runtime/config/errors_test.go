package config_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

func TestLoadErrorsNameTheVariable(t *testing.T) {
	tests := []struct {
		vars map[string]string
		// name is the variable the error must name; problem is part of the text after it.
		name, problem string
	}{
		// Syntax, one per kind of value.
		{map[string]string{"DEBOUNCE_WINDOW": "abc"}, "DEBOUNCE_WINDOW", `"abc" is not a duration (e.g. 2s, 500ms)`},
		{map[string]string{"DEBOUNCE_MAX_WAIT": "8"}, "DEBOUNCE_MAX_WAIT", "is not a duration"},
		{map[string]string{"SESSION_IDLE_TIMEOUT": "ten minutes"}, "SESSION_IDLE_TIMEOUT", "is not a duration"},
		{map[string]string{"HANDOFF_RENOTIFY_AFTER": "x"}, "HANDOFF_RENOTIFY_AFTER", "is not a duration"},
		{map[string]string{"HANDOFF_SLA": "soon"}, "HANDOFF_SLA", "is not a duration"},
		{map[string]string{"SYNC_INTERVAL": "1d"}, "SYNC_INTERVAL", "is not a duration"},
		{map[string]string{"RECOVERY_AFTER": "2"}, "RECOVERY_AFTER", "is not a duration"},
		{map[string]string{"RECOVERY_INTERVAL": "soon"}, "RECOVERY_INTERVAL", "is not a duration"},
		{map[string]string{"WEBHOOK_ALLOW_UNSIGNED": "sure"}, "WEBHOOK_ALLOW_UNSIGNED", "is not a boolean"},
		{map[string]string{"DEV_UI_ENABLED": "yes"}, "DEV_UI_ENABLED", `"yes" is not a boolean (use true, false, 1 or 0)`},
		{map[string]string{"MESSAGING_CLOUD_ENABLED": "on"}, "MESSAGING_CLOUD_ENABLED", "is not a boolean"},
		{map[string]string{"CRM_ENABLED": "no"}, "CRM_ENABLED", "is not a boolean"},
		{map[string]string{"ERP_ENABLED": "2"}, "ERP_ENABLED", "is not a boolean"},
		{map[string]string{"HANDOFF_NOTIFIER_ENABLED": "enabled"}, "HANDOFF_NOTIFIER_ENABLED", "is not a boolean"},
		{map[string]string{"DASHBOARD_PORT": "http"}, "DASHBOARD_PORT", "is not a port number"},
		{map[string]string{"PORT": "80a"}, "PORT", "is not a port number"},
		{map[string]string{"MESSAGING_MAX_RPS": "fast"}, "MESSAGING_MAX_RPS", "is not a number of requests per second"},
		{map[string]string{"CRM_MAX_RPS": "NaN"}, "CRM_MAX_RPS", "is not a number of requests per second"},
		{map[string]string{"ERP_MAX_RPS": "Inf"}, "ERP_MAX_RPS", "is not a number of requests per second"},
		{map[string]string{"CRM_STAGES": "novo"}, "CRM_STAGES", "is not key=value"},
		{map[string]string{"HTTP_TRUSTED_PROXIES": "0.0.0.0/0"}, "HTTP_TRUSTED_PROXIES", `"0.0.0.0/0" is wider than /8`},
		{map[string]string{"HTTP_TRUSTED_PROXIES": "10.0.0.0/8,8.0.0.0/7"}, "HTTP_TRUSTED_PROXIES", `"8.0.0.0/7" is wider than /8`},
		{map[string]string{"HTTP_TRUSTED_PROXIES": "::/0"}, "HTTP_TRUSTED_PROXIES", `"::/0" is wider than /32`},
		{map[string]string{"HTTP_TRUSTED_PROXIES": "2001:db8::/31"}, "HTTP_TRUSTED_PROXIES", `is wider than /32`},
		{map[string]string{"HTTP_TRUSTED_PROXIES": "proxy"}, "HTTP_TRUSTED_PROXIES", "is not an IP address or CIDR"},
		{map[string]string{"DEV_ALLOWED_HOSTS": "localhost:8080"}, "DEV_ALLOWED_HOSTS", "is not a host name"},
		{map[string]string{"DEV_ALLOWED_HOSTS": "http://localhost"}, "DEV_ALLOWED_HOSTS", "is not a host name"},
		{map[string]string{"CRM_STAGES": "novo=a,novo=b"}, "CRM_STAGES", "is given twice"},
		{map[string]string{"CRM_STAGES": "ganho=closedwon"}, "CRM_STAGES", "is no stage of the projection"},
		{map[string]string{"HANDOFF_MAX_RENOTIFICATIONS": "three"}, "HANDOFF_MAX_RENOTIFICATIONS", "is not a whole number"},
		{map[string]string{"MAX_CONTEXT_ENRICHMENTS": "1.5"}, "MAX_CONTEXT_ENRICHMENTS", "is not a whole number"},
		{map[string]string{"PROMPT_REFRESH": "0s"}, "PROMPT_REFRESH", "must be a positive duration"},
		{map[string]string{"SHUTDOWN_TIMEOUT": "0s"}, "SHUTDOWN_TIMEOUT", "must be a positive duration"},
		{map[string]string{"UI_LANG": "fr"}, "UI_LANG", "is not a page language"},
		{map[string]string{"UI_TIMEZONE": "Mars/Olympus"}, "UI_TIMEZONE", "is not an IANA time zone"},
		{map[string]string{"BUSINESS_HOURS": "seg-sex 08:00-18:00"}, "BUSINESS_HOURS", `"seg-sex" is not a day or range of days (mon..sun)`},
		{map[string]string{"BUSINESS_HOURS": "mon-fri 18:00-08:00"}, "BUSINESS_HOURS", "opens before it closes"},
		{map[string]string{"DEFAULT_COUNTRY": "Brasil"}, "DEFAULT_COUNTRY", `"Brasil" is not a country code`},
		{map[string]string{"OPERATOR_PHONES": "+5511988887777,98888-7777"}, "OPERATOR_PHONES", `"98888-7777" is not a phone number of DEFAULT_COUNTRY with its area code`},
		{map[string]string{"OPERATOR_PHONES": "atendente"}, "OPERATOR_PHONES", `"atendente" is not a phone number`},
		{map[string]string{"ADMIN_PHONES": "dono"}, "ADMIN_PHONES", `"dono" is not a phone number`},
		{map[string]string{"PUBLIC_BASE_URL": "intake.example.com"}, "PUBLIC_BASE_URL", "is not an http(s) URL"},
		{map[string]string{"CLUSTER_ENABLED": "true", "CLUSTER_PROVIDER": "consul"}, "CLUSTER_PROVIDER", `"consul" is not a provider`},
		{map[string]string{"CLUSTER_ENABLED": "true", "CLUSTER_PEERS": ","}, "CLUSTER_PEERS", "needs the automanaged host:port of every member"},
		{map[string]string{"CLUSTER_ENABLED": "true", "CLUSTER_PROVIDER": "etcd", "CLUSTER_ETCD_ENDPOINTS": ","}, "CLUSTER_ETCD_ENDPOINTS", "needs at least one etcd endpoint"},
		{map[string]string{"CLUSTER_PORT": "gossip"}, "CLUSTER_PORT", "is not a port number"},
		{map[string]string{"LOG_LEVEL": "verbose"}, "LOG_LEVEL", "is not a log level"},

		// Ranges and relations.
		{map[string]string{"DEBOUNCE_WINDOW": "0s"}, "DEBOUNCE_WINDOW", "must be a positive duration, got 0s"},
		{map[string]string{"SESSION_IDLE_TIMEOUT": "-1m"}, "SESSION_IDLE_TIMEOUT", "must be a positive duration"},
		{map[string]string{"SYNC_INTERVAL": "0"}, "SYNC_INTERVAL", "must be a positive duration"},
		{map[string]string{"REPORT_INTERVAL": "0s"}, "REPORT_INTERVAL", "must be a positive duration"},
		{map[string]string{"ABANDON_AFTER": "-1h"}, "ABANDON_AFTER", "must be a positive duration"},
		{map[string]string{"RECOVERY_AFTER": "0s"}, "RECOVERY_AFTER", "must be a positive duration, got 0s"},
		{map[string]string{"DATA_RETENTION": "10m"}, "DATA_RETENTION", "must be 0 (keep conversations) or at least 1h0m0s, got 10m0s"},
		{map[string]string{"AUDIT_RETENTION": "-1h"}, "AUDIT_RETENTION", "must be 0 (keep audit entries) or at least 1h0m0s, got -1h0m0s"},
		{map[string]string{"RECOVERY_INTERVAL": "-30s"}, "RECOVERY_INTERVAL", "must be a positive duration"},
		{map[string]string{"HANDOFF_RENOTIFY_AFTER": "0s"}, "HANDOFF_RENOTIFY_AFTER", "must be a positive duration"},
		{map[string]string{"HANDOFF_SLA": "0s"}, "HANDOFF_SLA", "must be a positive duration"},
		{map[string]string{"ASSIGNMENT": "random"}, "ASSIGNMENT", "must be manual or round_robin, got \"random\""},
		{map[string]string{"ASSIGNMENT_MAX_OPEN": "0"}, "ASSIGNMENT_MAX_OPEN", "must be at least 1"},
		{map[string]string{"DEBOUNCE_WINDOW": "5s", "DEBOUNCE_MAX_WAIT": "3s"}, "DEBOUNCE_MAX_WAIT", "3s is shorter than DEBOUNCE_WINDOW (5s)"},
		{map[string]string{"MESSAGING_MAX_RPS": "0"}, "MESSAGING_MAX_RPS", "must be greater than 0, got 0"},
		{map[string]string{"MEDIA_MAX_BYTES": "0"}, "MEDIA_MAX_BYTES", "must be at least 1, got 0"},
		{map[string]string{"CRM_MAX_RPS": "-1"}, "CRM_MAX_RPS", "must be greater than 0"},
		{map[string]string{"ERP_MAX_RPS": "0"}, "ERP_MAX_RPS", "must be greater than 0"},
		{map[string]string{"HANDOFF_MAX_RENOTIFICATIONS": "-1"}, "HANDOFF_MAX_RENOTIFICATIONS", "must not be negative"},
		{map[string]string{"MAX_CONTEXT_ENRICHMENTS": "-2"}, "MAX_CONTEXT_ENRICHMENTS", "must not be negative"},
		{map[string]string{"DASHBOARD_PORT": "70000"}, "DASHBOARD_PORT", "70000 is not a port number (0-65535)"},
		{map[string]string{"PORT": "-1"}, "PORT", "is not a port number"},
		{map[string]string{"LLM_PROVIDER": "anthropic"}, "LLM_PROVIDER", `"anthropic" is not a provider (use openai, replay or demo)`},
		{map[string]string{"LLM_PROVIDER": "replay"}, "LLM_REPLAY_FILE", "is required when LLM_PROVIDER=replay"},
		{map[string]string{"MESSAGING_INSTANCES": ","}, "MESSAGING_INSTANCES", "needs at least one instance value"},
		{map[string]string{"MESSAGING_INSTANCES": "a,b,a"}, "MESSAGING_INSTANCES", `lists "a" twice`},
		{map[string]string{"MESSAGING_API_VERSION": "v21.0/x"}, "MESSAGING_API_VERSION", "is not a single path segment"},
		{map[string]string{"MESSAGING_API_BASE_URL": "graph.facebook.com"}, "MESSAGING_API_BASE_URL", "is not an http(s) URL"},
		{map[string]string{"LLM_BASE_URL": "ftp://models"}, "LLM_BASE_URL", "is not an http(s) URL"},
		{map[string]string{"CRM_BASE_URL": "https://"}, "CRM_BASE_URL", "is not an http(s) URL"},
		{map[string]string{"ERP_BASE_URL": "::"}, "ERP_BASE_URL", "is not an http(s) URL"},
		{map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": "localhost:4567"}, "AWS_ENDPOINT_URL_DYNAMODB", "is not an http(s) URL"},
		{map[string]string{"INBOUND_QUEUE_URL": "queue"}, "INBOUND_QUEUE_URL", "is not an http(s) URL"},
		{map[string]string{"TABLE_NAME": "a b"}, "TABLE_NAME", "is not a table name"},
		{map[string]string{"HANDOFF_EMAIL_FROM": "bot"}, "HANDOFF_EMAIL_FROM", `"bot" is not an e-mail address`},
		{map[string]string{"HANDOFF_EMAIL_TO": "a@example.com,nobody"}, "HANDOFF_EMAIL_TO", `"nobody" is not an e-mail address`},
		{map[string]string{"REPORT_EMAILS": "dono@example.com,nobody", "HANDOFF_EMAIL_FROM": "intake@example.com"}, "REPORT_EMAILS", `"nobody" is not an e-mail address`},
		{map[string]string{"REPORT_EMAILS": "dono@example.com"}, "REPORT_EMAILS", "needs HANDOFF_EMAIL_FROM"},
	}
	for _, tt := range tests {
		t.Run(tt.name+"="+tt.vars[tt.name], func(t *testing.T) {
			c, err := config.Load(env(tt.vars))
			if err == nil {
				t.Fatalf("Load(%v) = nil error, want one naming %s", tt.vars, tt.name)
			}
			if want := "config: " + tt.name + ": "; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("Load(%v) error\n%v\nwant it to start with %q and contain %q", tt.vars, err, want, tt.problem)
			}
			var e *config.Error
			if !errors.As(err, &e) || e.Var != tt.name {
				t.Errorf("errors.As(*config.Error) = %v, Var %q; want Var %q", e, varOf(e), tt.name)
			}
			if n := strings.Count(err.Error(), "config: "); n != 1 {
				t.Errorf("Load(%v) reported %d problems, want 1:\n%v", tt.vars, n, err)
			}
			if !reflect.DeepEqual(c, config.Config{}) {
				t.Errorf("Load returned a non-zero Config with its error")
			}
		})
	}
}

func TestLoadReportsEveryProblem(t *testing.T) {
	_, err := config.Load(env(map[string]string{
		"DEBOUNCE_WINDOW": "abc",
		"CRM_ENABLED":     "maybe",
		"ERP_MAX_RPS":     "0",
		"LLM_PROVIDER":    "replay",
	}))
	if err == nil {
		t.Fatal("Load succeeded, want four problems")
	}
	for _, name := range []string{"DEBOUNCE_WINDOW", "CRM_ENABLED", "ERP_MAX_RPS", "LLM_REPLAY_FILE"} {
		if !strings.Contains(err.Error(), "config: "+name+": ") {
			t.Errorf("error does not name %s:\n%v", name, err)
		}
	}
}

func TestValidateChecksABuiltConfig(t *testing.T) {
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("defaults do not validate: %v", err)
	}
	c.Session.DebounceMaxWait = c.Session.DebounceWindow / 2
	c.Table.Region = ""
	err = c.Validate()
	for _, name := range []string{"DEBOUNCE_MAX_WAIT", "AWS_REGION"} {
		if err == nil || !strings.Contains(err.Error(), "config: "+name+": ") {
			t.Errorf("Validate() = %v, want it to name %s", err, name)
		}
	}
}

func varOf(e *config.Error) string {
	if e == nil {
		return ""
	}
	return e.Var
}
