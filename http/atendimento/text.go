package atendimento

import (
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/locale"
)

// catalogue is every text of the console's pages, one Catalogue per area
// (text_<area>.go), so each area keeps its texts next to its code, and the
// handoff texts, so a handoff reason reads as in the operators' notices.
func catalogue() (locale.Catalogue, error) {
	return locale.Merge(layoutText, loginText, queueText, conversationText, errorText, historyText, panelText, toolsText, labelsText, mediaCatalogue, assignedTexts,
		handoff.Catalogue, businesshours.Catalogue, locale.Vocabulary)
}
