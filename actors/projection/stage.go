package projection

import (
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// The logical CRM stages of a deal. The CRM client maps them to the
// pipeline's stage IDs (crm.Config.Stages), sending the logical name itself
// when no mapping is configured.
const (
	StageNew        = "novo"
	StageQualified  = "qualificado"
	StageRegistered = "cadastro_completo"
	StageInService  = "em_atendimento"
	StageClosed     = "encerrado"
)

// Stages are the logical stages Stage returns for the known states, in the
// order of a deal's life; a terminal stage stored on a session
// (crm_terminal_stage) is one of them too.
func Stages() []string {
	return []string{StageNew, StageQualified, StageRegistered, StageInService, StageClosed}
}

// ErrUnknownState: the session is in a state this release does not know (a
// newer release's, or a damaged record), so it has no CRM stage. Guessing one
// could move a deal backwards, so the projection fails instead.
var ErrUnknownState = errors.New("projection: session state has no CRM stage")

// Stage is the logical CRM stage of a session and whether it is terminal,
// from its state:
//
//	state                      stage                                  terminal
//	NEW, QUALIFYING            novo                                   no
//	DATA_COLLECT               qualificado                            no
//	CONFIRM_SUBJECT            qualificado with a service, else novo  no
//	COMPLETED                  cadastro_completo                      no
//	HANDOFF, HUMAN             em_atendimento                         no
//	CLOSED                     crm_terminal_stage, else encerrado     yes
//	any other                  ErrUnknownState
//
// CONFIRM_SUBJECT only asks whether the customer wants another subject, so
// the deal stays where the interrupted state had it: a session with an
// identified service was qualified.
func Stage(s domain.Session) (stage string, terminal bool, err error) {
	switch s.State {
	case domain.StateNew, domain.StateQualifying:
		return StageNew, false, nil
	case domain.StateDataCollect:
		return StageQualified, false, nil
	case domain.StateConfirmSubject:
		if s.ServiceIdentified != "" {
			return StageQualified, false, nil
		}
		return StageNew, false, nil
	case domain.StateCompleted:
		return StageRegistered, false, nil
	case domain.StateHandoff, domain.StateHuman:
		return StageInService, false, nil
	case domain.StateClosed:
		if s.CRMTerminalStage != "" {
			return string(s.CRMTerminalStage), true, nil
		}
		return StageClosed, true, nil
	}
	return "", false, fmt.Errorf("%w: %q", ErrUnknownState, s.State)
}
