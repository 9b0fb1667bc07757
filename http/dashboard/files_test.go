package dashboard_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/persistence"
)

// files is a media source over a map of IDs to bytes; "broken" fails.
type files map[string]string

func (f files) Fetch(_ context.Context, id string) (messaging.Media, error) {
	body, ok := f[id]
	switch {
	case id == "broken":
		return messaging.Media{}, fmt.Errorf("%w: HTTP 500", messaging.ErrMediaUnavailable)
	case !ok:
		return messaging.Media{}, messaging.ErrMediaNotFound
	}
	return messaging.Media{MimeType: "image/jpeg", Body: io.NopCloser(strings.NewReader(body))}, nil
}

// The session panel lists the customer's files with the dashboard's own URL,
// and that URL serves the file the server fetched.
func TestSessionFiles(t *testing.T) {
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) { d.Media = files{"IMG1": "jpeg bytes"} })
	const phone = "+5511988887777"
	s, err := e.sessions.Create(context.Background(), domain.NewSession("sess-f", phone, "instance_a", time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	msgs := persistence.NewMessages(e.table)
	for _, m := range []domain.Message{
		{MessageID: "wamid.IMG", Content: "foto do medidor", MessageType: domain.MessageImage,
			Media: &domain.Media{ID: "IMG1", MimeType: "image/jpeg", Caption: "foto do medidor"}},
		{MessageID: "wamid.TXT", Content: "oi", MessageType: domain.MessageText},
		{MessageID: "wamid.BAD", Content: "[video]", MessageType: domain.MessageVideo, Media: &domain.Media{ID: "broken"}},
	} {
		m.SessionID, m.PhoneNumber, m.Timestamp, m.Direction = s.SessionID, phone, time.Now(), domain.DirectionInbound
		if err := msgs.Append(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}

	var got struct {
		Session dashboard.SessionView `json:"session"`
	}
	e.get(t, "/dashboard/session/%2B5511988887777").json(t, &got)
	if len(got.Session.Files) != 2 || got.Session.Files[0].Kind != "image" || got.Session.Files[0].Caption != "foto do medidor" {
		t.Fatalf("files = %+v", got.Session.Files)
	}
	res := e.get(t, got.Session.Files[0].URL)
	if res.status != 200 || string(res.body) != "jpeg bytes" || res.header.Get("Content-Type") != "image/jpeg" ||
		res.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("file: status %d, body %q, headers %v", res.status, res.body, res.header)
	}
	for path, want := range map[string]int{
		"/dashboard/media/%2B5511988887777/wamid.TXT": 404, // a text message
		"/dashboard/media/%2B5521000000000/wamid.IMG": 404, // another phone
		"/dashboard/media/%2B5511988887777/wamid.BAD": 502, // the platform failed
	} {
		if r := e.get(t, path); r.status != want || r.errorCode(t) == "" {
			t.Errorf("%s: status %d, want %d", path, r.status, want)
		}
	}
}

// Without a media source (a runner that fetches none) the URL says so.
func TestFilesWithoutSource(t *testing.T) {
	e := newEnv(t)
	if r := e.get(t, "/dashboard/media/%2B5511988887777/wamid.IMG"); r.status != 503 || r.errorCode(t) != "no_media_source" {
		t.Errorf("status %d", r.status)
	}
}
