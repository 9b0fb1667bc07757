package cloudapi_test

import (
	"errors"
	"net/url"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

func TestHandshake(t *testing.T) {
	tests := []struct {
		name        string
		verifyToken string
		query       url.Values
		want        error
	}{
		{"subscribe with the token", testVerifyToken,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken}, "hub.challenge": {"1158201444"}}, nil},
		{"wrong token", testVerifyToken,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {"guess"}, "hub.challenge": {"1"}}, messaging.ErrHandshakeRefused},
		{"token prefix", testVerifyToken,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken[:5]}, "hub.challenge": {"1"}}, messaging.ErrHandshakeRefused},
		{"missing token", testVerifyToken,
			url.Values{"hub.mode": {"subscribe"}, "hub.challenge": {"1"}}, messaging.ErrHandshakeRefused},
		{"other mode", testVerifyToken,
			url.Values{"hub.mode": {"unsubscribe"}, "hub.verify_token": {testVerifyToken}, "hub.challenge": {"1"}}, messaging.ErrHandshakeRefused},
		{"no challenge", testVerifyToken,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken}}, messaging.ErrNoChallenge},
		{"no token configured", "",
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {""}, "hub.challenge": {"1"}}, messaging.ErrHandshakeDisabled},
	}
	for _, tt := range tests {
		challenge, err := newWebhook(t, "", tt.verifyToken).Handshake(tt.query.Get)
		if tt.want != nil {
			if !errors.Is(err, tt.want) || challenge != "" {
				t.Errorf("%s: Handshake = %q, %v; want %v", tt.name, challenge, err, tt.want)
			}
			continue
		}
		if err != nil || challenge != tt.query.Get("hub.challenge") {
			t.Errorf("%s: Handshake = %q, %v; want the challenge", tt.name, challenge, err)
		}
	}
}
