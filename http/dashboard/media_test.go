package dashboard_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/dashboard"
)

func TestMediaAnswersTheFixedReplyAndWritesNothing(t *testing.T) {
	e := newEnv(t)
	for kind, want := range map[string]string{"image": "image", "AUDIO": "audio", "sticker": "sticker", "location": "document"} {
		r := e.postForm(t, "/media", url.Values{"phone-input": {"5511988887777"}, "media-type": {kind}})
		wantStatus(t, r, http.StatusOK)
		var got dashboard.MediaReply
		r.json(t, &got)
		if got != (dashboard.MediaReply{Reply: dashboard.DefaultMediaReply, PhoneNumber: phone, MediaType: want, Intercepted: true}) {
			t.Errorf("%s: answer = %+v", kind, got)
		}
	}
	if keys := e.keys(t); len(keys) != 0 {
		t.Errorf("media wrote to the table: %v", keys)
	}
}

func TestMediaAnswersHTMLByDefault(t *testing.T) {
	e := newEnv(t, func(c *dashboard.Config, _ *dashboard.Deps) { c.MediaReply = "<b>só texto</b>" })
	req := httptest.NewRequest(http.MethodPost, "/media", strings.NewReader(url.Values{"phone-input": {phone}, "media-type": {"video"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r := e.do(t, req)
	wantStatus(t, r, http.StatusOK)
	want := `<div class="bot-message" data-intercepted="true" data-media-type="video">&lt;b&gt;só texto&lt;/b&gt;</div>`
	if string(r.body) != want {
		t.Errorf("body = %s\nwant %s", r.body, want)
	}
}

func TestMediaErrors(t *testing.T) {
	e := newEnv(t)
	for name, tc := range map[string]struct {
		form url.Values
		code string
	}{
		"no phone":      {url.Values{"media-type": {"image"}}, "invalid_phone"},
		"no media type": {url.Values{"phone-input": {phone}}, "missing_media_type"},
	} {
		r := e.postForm(t, "/media", tc.form)
		if r.status != http.StatusBadRequest || r.errorCode(t) != tc.code {
			t.Errorf("%s: status %d, body %s; want 400 %s", name, r.status, r.body, tc.code)
		}
	}
}
