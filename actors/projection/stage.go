package projection

import "github.com/intake-runtime/intake/persistence"

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
//
// CONFIRM_SUBJECT only asks whether the customer wants another subject, so
// the deal stays where the interrupted state had it: a session with an
// identified service was qualified. An unknown state (a newer release's) maps
// to novo rather than failing the projection.
func Stage(s persistence.Session) (stage string, terminal bool) {
	switch s.State {
	case persistence.StateDataCollect:
		return StageQualified, false
	case persistence.StateConfirmSubject:
		if s.ServiceIdentified != "" {
			return StageQualified, false
		}
		return StageNew, false
	case persistence.StateCompleted:
		return StageRegistered, false
	case persistence.StateHandoff, persistence.StateHuman:
		return StageInService, false
	case persistence.StateClosed:
		if s.CRMTerminalStage != "" {
			return string(s.CRMTerminalStage), true
		}
		return StageClosed, true
	}
	return StageNew, false
}
