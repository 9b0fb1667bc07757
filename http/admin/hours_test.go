package admin_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
)

// weekForm is the hours form of a week open mon-fri 08:00-12:00 and
// 13:00-18:00, with msg as the after-hours message.
func weekForm(msg string) url.Values {
	form := url.Values{"after_hours": {msg}}
	for d := 1; d <= 5; d++ {
		n := string(rune('0' + d))
		form.Set("open_"+n, "on")
		form.Set("from_"+n+"_0", "08:00")
		form.Set("to_"+n+"_0", "12:00")
		form.Set("from_"+n+"_1", "13:00")
		form.Set("to_"+n+"_1", "18:00")
	}
	return form
}

// The page shows BUSINESS_HOURS per weekday, whether the business is open
// now and the message with its example, all in words.
func TestHoursPageShowsTheWeek(t *testing.T) {
	f := newOwnerFixture(t, "mon-fri 08:00-18:00; sat 08:00-12:00")
	status, body := f.do("GET", admin.HoursPath, "", nil)
	if status != 200 {
		t.Fatalf("GET = %d %s", status, body)
	}
	// now is Monday 2025-03-10 09:00 in São Paulo.
	for _, want := range []string{
		"<h1>Horário de atendimento</h1>", "segunda-feira", "sábado", "domingo",
		`name="open_1" checked`, `name="from_1_0" value="08:00"`, `name="to_6_0" value="12:00"`,
		"Agora: aberto.", "{quando}", "Estamos fora do horário de atendimento agora. Um atendente da nossa equipe vai responder amanhã às 08:00.",
		"Nenhum feriado marcado.", "Ainda sem versões salvas",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("hours page lacks %q", want)
		}
	}
	if strings.Contains(body, `name="open_0" checked`) {
		t.Error("sunday shows open")
	}
}

func TestHoursPageSavesHolidaysAndRestores(t *testing.T) {
	f := newOwnerFixture(t, "mon-fri 08:00-18:00")
	form := weekForm("Fechado agora; respondemos {quando}.")
	form.Set("new_date", "2025-03-11")
	form.Set("new_label", "Folga da equipe")
	res := f.request("POST", admin.HoursPath, form, sameOrigin)
	if res.status != 303 || res.header.Get("Location") != admin.HoursPath+"?done=saved" {
		t.Fatalf("save = %d %q %s", res.status, res.header.Get("Location"), res.body)
	}
	hours := f.hours.Hours()
	tuesday := time.Date(2025, 3, 11, 10, 0, 0, 0, hours.Zone())
	if hours.Open(tuesday) || !hours.Open(tuesday.AddDate(0, 0, 1)) || hours.Open(time.Date(2025, 3, 10, 12, 30, 0, 0, hours.Zone())) {
		t.Errorf("in force after the save: %v", hours.Windows(time.Monday))
	}
	if got := f.hours.Current().AfterHoursText; got != "Fechado agora; respondemos {quando}." {
		t.Errorf("after-hours text in force %q", got)
	}
	_, body := f.do("GET", admin.HoursPath+"?done=saved", "", nil)
	for _, want := range []string{"Salvo: já está valendo.", "11 de março de 2025, terça-feira", "Folga da equipe", `name="from_1_1" value="13:00"`, "Versão 1"} {
		if !strings.Contains(body, want) {
			t.Errorf("page after the save lacks %q", want)
		}
	}

	// Removing the holiday is a second version; restoring the first brings
	// it back.
	form = weekForm("Fechado agora; respondemos {quando}.")
	form.Add("holiday_date", "2025-03-11")
	form.Add("holiday_label", "Folga da equipe")
	form.Add("remove", "2025-03-11")
	if res := f.request("POST", admin.HoursPath, form, sameOrigin); res.status != 303 || len(f.hours.Hours().Holidays()) != 0 {
		t.Fatalf("removing the holiday = %d, holidays %v", res.status, f.hours.Hours().Holidays())
	}
	if res := f.request("POST", admin.HoursPath+"/restore", url.Values{"version": {"1"}}, sameOrigin); res.status != 303 || len(f.hours.Hours().Holidays()) != 1 {
		t.Errorf("restore = %d, holidays %v", res.status, f.hours.Hours().Holidays())
	}
}

func TestHoursPageRefusesWithTheTypedValues(t *testing.T) {
	for _, c := range []struct {
		name   string
		edit   func(url.Values)
		reason string
	}{
		{"no {quando}", func(f url.Values) { f.Set("after_hours", "Estamos fechados.") }, "precisa conter {quando}"},
		{"a window without its end", func(f url.Values) { f.Del("to_2_1") }, "Em terça-feira, preencha o início e o fim de cada horário."},
		{"a window backwards", func(f url.Values) { f.Set("to_3_0", "07:00") }, "Em quarta-feira, um horário termina antes de começar."},
		{"overlapping windows", func(f url.Values) { f.Set("to_4_0", "14:00") }, "Em quinta-feira, dois horários se sobrepõem."},
		{"an open day without windows", func(f url.Values) { f.Set("open_6", "on") }, "sábado está marcado como aberto, mas sem horário."},
		{"no day open", func(f url.Values) {
			for d := 1; d <= 5; d++ {
				f.Del("open_" + string(rune('0'+d)))
			}
		}, "Marque pelo menos um dia aberto."},
		{"a holiday name without a date", func(f url.Values) { f.Set("new_label", "Carnaval") }, "Escolha a data do novo feriado."},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newOwnerFixture(t, "mon-fri 08:00-18:00")
			form := weekForm("Voltamos {quando}.")
			c.edit(form)
			res := f.request("POST", admin.HoursPath, form, sameOrigin)
			if res.status != 422 || !strings.Contains(res.body, c.reason) {
				t.Fatalf("save = %d, want 422 saying %q:\n%s", res.status, c.reason, res.body)
			}
			if !strings.Contains(res.body, `name="from_1_1" value="13:00"`) || !strings.Contains(res.body, form.Get("after_hours")) {
				t.Error("the refusal lost what was typed")
			}
			if got := f.hours.Hours().Windows(time.Monday); len(got) != 1 {
				t.Errorf("a refused save changed the hours in force: %v", got)
			}
		})
	}
}
