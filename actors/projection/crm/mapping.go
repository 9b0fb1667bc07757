package crm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
)

// Mapping is where the projection meets the owner's CRM: the pipeline's
// stage ID of each logical stage, and the deal property that names the
// session. It is the text of the "crm" setting (JSON) and, at start, what
// CRM_STAGES and CRM_SESSION_PROPERTY say.
type Mapping struct {
	// Stages maps logical stages to stage IDs; a stage it lacks is sent by
	// its logical name.
	Stages map[string]string `json:"stages,omitempty"`
	// SessionProperty is the deal property; empty means
	// DefaultSessionProperty.
	SessionProperty string `json:"session_property,omitempty"`
}

// Problems a MappingError names, for a page to say in its own language.
const (
	// ProblemEmpty: a stage mapping without its logical name or its ID.
	ProblemEmpty = "empty"
	// ProblemUnknownStage: a logical name that is no stage of the projection.
	ProblemUnknownStage = "unknown stage"
	// ProblemSpace: an ID or a property name with a space, comma or "=" in
	// it, which no CRM's internal names have and CRM_STAGES cannot carry.
	ProblemSpace = "space"
)

// MappingError is a Mapping that cannot sync. Stage is the logical stage
// at fault, empty when it is the session property.
type MappingError struct {
	Stage   string
	Value   string
	Problem string
	// Known are the logical stages, for ProblemUnknownStage.
	Known []string
}

func (e *MappingError) Error() string {
	switch {
	case e.Problem == ProblemUnknownStage:
		return fmt.Sprintf("%q is no stage of the projection (use %s)", e.Stage, strings.Join(e.Known, ", "))
	case e.Problem == ProblemEmpty:
		return fmt.Sprintf("stage mapping %q -> %q needs both names", e.Stage, e.Value)
	case e.Stage == "":
		return fmt.Sprintf("session property %q has a space, a comma or \"=\"", e.Value)
	}
	return fmt.Sprintf("stage ID %q of %s has a space, a comma or \"=\"", e.Value, e.Stage)
}

// Validate reports, as a *MappingError, the first problem of m in the order
// of logical (then of the other keys, sorted): an empty name, a logical
// stage outside logical (unless logical is empty), an ID or property with a
// space. The environment variables and the owner's page both go through it.
func (m Mapping) Validate(logical []string) error {
	keys := make([]string, 0, len(m.Stages))
	for k := range m.Stages {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ia, ib := slices.Index(logical, a), slices.Index(logical, b)
		if ia < 0 || ib < 0 || ia == ib {
			return strings.Compare(a, b)
		}
		return ia - ib
	})
	for _, k := range keys {
		id := m.Stages[k]
		switch {
		case strings.TrimSpace(k) == "" || strings.TrimSpace(id) == "":
			return &MappingError{Stage: k, Value: id, Problem: ProblemEmpty}
		case len(logical) > 0 && !slices.Contains(logical, k):
			return &MappingError{Stage: k, Value: id, Problem: ProblemUnknownStage, Known: logical}
		case strings.ContainsAny(id, " \t\r\n,="):
			return &MappingError{Stage: k, Value: id, Problem: ProblemSpace}
		}
	}
	if strings.ContainsAny(m.SessionProperty, " \t\r\n,=") {
		return &MappingError{Value: m.SessionProperty, Problem: ProblemSpace}
	}
	return nil
}

// ParseMapping reads the JSON text of the setting; a field it does not
// know is refused, so a typo is not silently dropped.
func ParseMapping(text string) (Mapping, error) {
	var m Mapping
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Mapping{}, fmt.Errorf("not a CRM mapping: %w", err)
	}
	return m, nil
}

// Text is m as the setting stores it.
func (m Mapping) Text() string {
	b, _ := json.Marshal(m) // a map of strings and a string always encode
	return string(b)
}

// property is the session property m names, defaulted.
func (m Mapping) property() string {
	if m.SessionProperty == "" {
		return DefaultSessionProperty
	}
	return m.SessionProperty
}

// stageID maps a logical stage to the pipeline's stage ID.
func (m Mapping) stageID(logical string) string {
	if id, ok := m.Stages[logical]; ok {
		return id
	}
	return logical
}

// LiveMapping is the mapping a client sends with, swapped whole when the
// owner saves the setting: each call reads it once, so an edit applies
// from the next call on, without a restart or a table read. It is safe for
// concurrent use.
type LiveMapping struct{ p atomic.Pointer[Mapping] }

// NewLiveMapping returns a LiveMapping holding m.
func NewLiveMapping(m Mapping) *LiveMapping {
	l := &LiveMapping{}
	l.Set(m)
	return l
}

// Set makes m the mapping from the next call on.
func (l *LiveMapping) Set(m Mapping) {
	m.Stages = maps.Clone(m.Stages) // the caller's map stays the caller's
	l.p.Store(&m)
}

// Get returns the mapping in force.
func (l *LiveMapping) Get() Mapping { return *l.p.Load() }
