package admin_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// TestPersonExportAndErase: the export holds every kind of item a
// conversation left under either form of the number, whichever form is
// asked for; the erasure answers the CRM and ERP records to delete there,
// leaves nothing the export finds, and needs the admin key.
func TestPersonExportAndErase(t *testing.T) {
	f := newFixture(t, admin.Config{})
	n, err := persistencetest.SeedPerson(context.Background(), f.table, "+5511988887777", "+551188887777", "52998224725", 4, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, asked := range []string{"+5511988887777", "+55 11 8888-7777"} {
		var out admin.PersonExport
		f.getJSON("/admin/api/people/"+url.PathEscape(asked)+"/export", &out)
		total := 0
		for kind, items := range out.Items {
			total += len(items)
			if out.Counts[kind] != len(items) {
				t.Errorf("%s: count %d, %d items", kind, out.Counts[kind], len(items))
			}
		}
		if total != n || out.PhoneNumber != "+5511988887777" || len(out.Forms) != 2 || len(out.Records) != 3 {
			t.Errorf("export of %q: %d items (want %d), phone %s, forms %v, records %v", asked, total, n, out.PhoneNumber, out.Forms, out.Records)
		}
	}

	if status, _ := f.do("DELETE", "/admin/api/people/+5511988887777", "", map[string]string{admin.KeyHeader: "wrong"}); status != 401 {
		t.Errorf("DELETE with a wrong key = %d, want 401", status)
	}
	status, body := f.do("DELETE", "/admin/api/people/+5511988887777", "", nil)
	if status != 200 {
		t.Fatalf("DELETE = %d %s", status, body)
	}
	var answer struct {
		Erasure admin.ErasureAnswer `json:"erasure"`
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil {
		t.Fatal(err)
	}
	e := answer.Erasure
	if e.RequestedBy != "api" || e.Items != n || len(e.Records) != 3 || !e.DeleteInCRMAndERP || strings.Contains(body, "88887777") {
		t.Errorf("erasure answer = %s, want %d items by api, 3 records, no phone", body, n)
	}
	var after admin.PersonExport
	f.getJSON("/admin/api/people/+5511988887777/export", &after)
	if len(after.Counts) != 0 {
		t.Errorf("after the erasure the export still finds %v", after.Counts)
	}
	tombs, err := persistence.NewPeople(f.table).Tombstones(context.Background(), "+5511988887777")
	if err != nil || len(tombs) != 1 {
		t.Errorf("tombstones = %v, %v; want one", tombs, err)
	}
}

// TestPersonPageRefusals: a number without digits or an erasure without
// the confirmation is refused with 422 and erases nothing.
func TestPersonPageRefusals(t *testing.T) {
	f := newFixture(t, admin.Config{})
	n, err := persistencetest.SeedPerson(context.Background(), f.table, "+5511988887777", "+551188887777", "52998224725", 2, now)
	if err != nil {
		t.Fatal(err)
	}
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://example.com"}
	for _, tt := range []struct{ method, target, body, want string }{
		{"GET", "/admin/person?phone=abc", "", "Digite um número"},
		{"POST", "/admin/person/erase", "phone=%2B5511988887777", "Marque a confirmação"},
		{"POST", "/admin/person/erase", "phone=x&confirm=on", "Digite um número"},
	} {
		status, body := f.do(tt.method, tt.target, tt.body, form)
		if status != 422 || !strings.Contains(body, tt.want) {
			t.Errorf("%s %s %s = %d, want 422 saying %q", tt.method, tt.target, tt.body, status, tt.want)
		}
	}
	data, err := persistence.NewPeople(f.table).Find(context.Background(), []string{"+5511988887777", "+551188887777"})
	if err != nil || data.Total() != n {
		t.Errorf("after refusals %d items are held (%v), want all %d", data.Total(), err, n)
	}
}

// TestOverviewSaysWhatIsKept: the overview has a line per kind of personal
// data, with DATA_RETENTION in words, or "kept until erased" without it.
func TestOverviewSaysWhatIsKept(t *testing.T) {
	for _, tt := range []struct {
		retention time.Duration
		want      string
	}{
		{0, "Notas internas: guardado até ser apagado"},
		{90 * 24 * time.Hour, "Envios ao CRM/ERP: apagado 90 d 0 h depois da última alteração."},
	} {
		f := newFixture(t, admin.Config{DataRetention: tt.retention})
		status, body := f.do("GET", "/admin", "", nil)
		if status != 200 || !strings.Contains(body, tt.want) || !strings.Contains(body, "Recibos de mensagens recebidas: apagados 7 dias") {
			t.Errorf("retention %v: overview %d does not say %q", tt.retention, status, tt.want)
		}
	}
}
