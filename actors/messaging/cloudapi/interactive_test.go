package cloudapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
)

// Up to three options are reply buttons, four to ten a list with one
// section; each button or row has a unique ID and the option as its title.
func TestSendOptionsCapturedRequest(t *testing.T) {
	services := []string{"Pesquisa de mercado", "Cliente Oculto", "Satisfação", "Treinamento", "Consultoria"}
	tests := []struct {
		golden  string
		text    string
		options []string
	}{
		{"send_buttons_request.golden.json", "Confirma a troca de assunto?", []string{"Sim", "Não"}},
		{"send_list_request.golden.json", "Qual serviço você procura?", services},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			p := newPlatform(t, answer(http.StatusOK, okBody))
			resp, err := newClient(t, p.URL, nil).SendOptions(context.Background(), "+55 (11) 98888-7777", tt.text, tt.options)
			if err != nil || !resp.Success || resp.MockID != "wamid.OUT1" {
				t.Fatalf("SendOptions = %+v, %v", resp, err)
			}
			reqs := p.requests()
			if len(reqs) != 1 || reqs[0].Path != "/v21.0/PNID_1/messages" {
				t.Fatalf("platform got %+v, want one POST to the messages endpoint", reqs)
			}
			golden(t, tt.golden, reqs[0].Body)
			var body struct {
				Type        string `json:"type"`
				Interactive struct {
					Action struct {
						Buttons []struct {
							Reply struct{ ID, Title string } `json:"reply"`
						} `json:"buttons"`
						Sections []struct {
							Rows []struct{ ID, Title string } `json:"rows"`
						} `json:"sections"`
					} `json:"action"`
				} `json:"interactive"`
			}
			if err := json.Unmarshal([]byte(reqs[0].Body), &body); err != nil || body.Type != "interactive" {
				t.Fatalf("body %s: %v", reqs[0].Body, err)
			}
			ids, titles := map[string]bool{}, []string{}
			for _, b := range body.Interactive.Action.Buttons {
				ids[b.Reply.ID] = true
				titles = append(titles, b.Reply.Title)
			}
			for _, s := range body.Interactive.Action.Sections {
				for _, r := range s.Rows {
					ids[r.ID] = true
					titles = append(titles, r.Title)
				}
			}
			if len(ids) != len(tt.options) || fmt.Sprint(titles) != fmt.Sprint(tt.options) {
				t.Errorf("ids %v, titles %q; want %d unique ids and titles %q", ids, titles, len(tt.options), tt.options)
			}
		})
	}
}

// A 4xx refusal of an interactive message is permanent (the outbox then
// sends the same reply as numbered text); nothing else is sent by the client.
func TestSendOptionsRefusedIsPermanent(t *testing.T) {
	p := newPlatform(t, answer(http.StatusBadRequest, platformError(cloudapi.CodeInvalidParameter, "Invalid parameter")))
	resp, err := newClient(t, p.URL, nil).SendOptions(context.Background(), "5511988887777", "Confirma?", []string{"Sim", "Não"})
	if err != nil || resp.Success || resp.ErrorKind != domain.ErrorKindPermanent {
		t.Errorf("SendOptions = %+v, %v; want a permanent failure", resp, err)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("platform got %d requests, want 1", n)
	}
}
