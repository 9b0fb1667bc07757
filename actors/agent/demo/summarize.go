package demo

import (
	"encoding/json"
	"maps"
	"strconv"
	"strings"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
)

// summarize writes the SUMMARIZER's object from the session facts and the
// history: why the conversation ended, what was collected, and a paragraph
// that quotes the customer's first request.
func summarize(t turn) string {
	reason := "Conversa encerrada (estado " + t.facts[conversation.FactState] + ")"
	next := "Nenhuma ação pendente"
	if r := t.facts[conversation.FactHandoff]; r != "" {
		reason = "Transferida para um atendente (" + r + ")"
		next = "Um atendente deve assumir a conversa no console /atendimento"
	}
	data := t.data(conversation.FactQualification)
	maps.Copy(data, t.data(conversation.FactCadastral))
	var first string
	customer := 0
	for _, h := range t.history {
		if h.Role == agent.RoleUser {
			customer++
			if first == "" {
				first = strings.TrimSpace(h.Text)
			}
		}
	}
	var service any
	points := []string{}
	if s := t.facts[conversation.FactService]; s != "" {
		service = s
		points = append(points, "Serviço: "+s)
	}
	if first != "" {
		points = append(points, "Primeira mensagem: "+first)
	}
	summary := map[string]any{
		"motivo_encerramento":  reason,
		"servico_identificado": service,
		"segmento":             t.facts[conversation.FactSegment],
		"pontos_chave":         points,
		"dados_coletados":      data,
		"proxima_acao":         next,
		"resumo_texto": "Resumo do modelo de demonstração: o cliente enviou " + strconv.Itoa(customer) +
			" mensagem(ns). " + reason + ".",
	}
	b, _ := json.Marshal(summary) // strings, lists and maps of JSON values always encode
	return string(b)
}
