package cloudapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
)

const mediaToken = "EAAG-media-token-secret"

// fakeMedia is the platform's two media calls: the media endpoint answering
// meta for MEDIA_1, and the download serving file, both checking the token.
type fakeMedia struct {
	meta      func(downloadURL string) string
	file      []byte
	status    int  // the download's status, default 200
	chunked   bool // no Content-Length on the download
	downloads atomic.Int32
}

func (f *fakeMedia) server(t *testing.T) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+mediaToken {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/v21.0/MEDIA_1":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, f.meta(srv.URL+"/download/MEDIA_1?ext=1&hash=signed"))
		case "/download/MEDIA_1":
			f.downloads.Add(1)
			if f.status != 0 {
				w.WriteHeader(f.status)
				return
			}
			if f.chunked {
				w.(http.Flusher).Flush() // headers out: no Content-Length
			} else {
				w.Header().Set("Content-Length", fmt.Sprint(len(f.file)))
			}
			w.Write(f.file)
		default:
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":{"message":"Unsupported get request.","code":100}}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func metaJSON(size int) func(string) string {
	return func(u string) string {
		return fmt.Sprintf(`{"url":%q,"mime_type":"audio/ogg; codecs=opus","sha256":"d1g3st","file_size":%d,"id":"MEDIA_1","messaging_product":"whatsapp"}`, u, size)
	}
}

func newMediaClient(t *testing.T, base string, maxBytes int64) *cloudapi.MediaClient {
	t.Helper()
	c, err := cloudapi.NewMediaClient(cloudapi.MediaConfig{BaseURL: base, AccessToken: mediaToken, MaxBytes: maxBytes, Timeout: 5 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMediaFetch(t *testing.T) {
	file := bytes.Repeat([]byte("opus"), 100) // 400 bytes
	f := &fakeMedia{meta: metaJSON(len(file)), file: file}
	m, err := newMediaClient(t, f.server(t).URL, 1000).Fetch(context.Background(), "MEDIA_1")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(m.Body)
	m.Body.Close()
	if err != nil || !bytes.Equal(got, file) {
		t.Fatalf("body = %d bytes, %v; want the file", len(got), err)
	}
	if m.MimeType != "audio/ogg; codecs=opus" || m.Size != 400 || m.SHA256 != "d1g3st" {
		t.Errorf("media = %+v", m)
	}
}

// Every way a fetch fails says which, by its error, and never shows the
// token or the signed download link.
func TestMediaFetchFailures(t *testing.T) {
	file := bytes.Repeat([]byte{0xff}, 2000)
	tests := []struct {
		name      string
		fake      *fakeMedia
		id        string
		want      error
		downloads int32 // how often the download was asked for
		atRead    bool  // the error comes while reading the body
	}{
		{name: "announced over the limit: refused before the download", want: messaging.ErrMediaTooLarge,
			fake: &fakeMedia{meta: metaJSON(2000), file: file}},
		{name: "Content-Length over the limit: refused unread", want: messaging.ErrMediaTooLarge, downloads: 1,
			fake: &fakeMedia{meta: metaJSON(0), file: file}},
		{name: "more bytes than announced: fails while reading", want: messaging.ErrMediaTooLarge, downloads: 1, atRead: true,
			fake: &fakeMedia{meta: metaJSON(10), file: file, chunked: true}},
		{name: "unknown media ID: the platform's 400", id: "MEDIA_GONE", want: messaging.ErrMediaNotFound,
			fake: &fakeMedia{meta: metaJSON(10)}},
		{name: "a media ID that is no path segment", id: "../v21.0/123", want: messaging.ErrMediaNotFound,
			fake: &fakeMedia{meta: metaJSON(10)}},
		{name: "download link expired", want: messaging.ErrMediaNotFound, downloads: 1,
			fake: &fakeMedia{meta: metaJSON(10), status: http.StatusNotFound}},
		{name: "platform failure", want: messaging.ErrMediaUnavailable, downloads: 1,
			fake: &fakeMedia{meta: metaJSON(10), status: http.StatusInternalServerError}},
		{name: "no download URL", want: messaging.ErrMediaUnavailable,
			fake: &fakeMedia{meta: func(string) string { return `{"mime_type":"image/jpeg"}` }}},
		{name: "not JSON", want: messaging.ErrMediaUnavailable,
			fake: &fakeMedia{meta: func(string) string { return `<html>` }}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := tt.id
			if id == "" {
				id = "MEDIA_1"
			}
			m, err := newMediaClient(t, tt.fake.server(t).URL, 1000).Fetch(context.Background(), id)
			if tt.atRead {
				if err != nil {
					t.Fatalf("Fetch: %v, want the failure while reading", err)
				}
				_, err = io.ReadAll(m.Body)
				m.Body.Close()
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
			if msg := err.Error(); strings.Contains(msg, mediaToken) || strings.Contains(msg, "signed") || strings.Contains(msg, "127.0.0.1") {
				t.Errorf("error %q shows the token or a URL", msg)
			}
			if got := tt.fake.downloads.Load(); got != tt.downloads {
				t.Errorf("downloads = %d, want %d", got, tt.downloads)
			}
		})
	}
}

func TestMediaFetchWrongTokenIsUnavailable(t *testing.T) {
	f := &fakeMedia{meta: metaJSON(10), file: []byte("x")}
	c, err := cloudapi.NewMediaClient(cloudapi.MediaConfig{BaseURL: f.server(t).URL, AccessToken: "another-token"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Fetch(context.Background(), "MEDIA_1"); !errors.Is(err, messaging.ErrMediaUnavailable) || !strings.Contains(err.Error(), "401") {
		t.Errorf("error = %v, want unavailable with HTTP 401", err)
	}
}

// The timeout bounds the whole fetch: a platform that never answers fails
// in time, as unavailable and as the deadline.
func TestMediaFetchTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	t.Cleanup(func() { close(release); srv.Close() })
	c, err := cloudapi.NewMediaClient(cloudapi.MediaConfig{BaseURL: srv.URL, AccessToken: mediaToken, Timeout: 100 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Fetch(context.Background(), "MEDIA_1")
	if !errors.Is(err, messaging.ErrMediaUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want unavailable by deadline", err)
	}
}

func TestMediaConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  cloudapi.MediaConfig
		ok   bool
	}{
		{"defaults with a token", cloudapi.MediaConfig{AccessToken: "t"}, true},
		{"no token", cloudapi.MediaConfig{}, false},
		{"negative limit", cloudapi.MediaConfig{AccessToken: "t", MaxBytes: -1}, false},
		{"not a URL", cloudapi.MediaConfig{AccessToken: "t", BaseURL: "graph.facebook.com"}, false},
		{"version with a slash", cloudapi.MediaConfig{AccessToken: "t", Version: "v1/x"}, false},
	}
	for _, tt := range tests {
		if err := tt.cfg.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
