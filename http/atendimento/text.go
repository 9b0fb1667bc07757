package atendimento

import "github.com/intake-runtime/intake/locale"

// catalogue is every text of the console's pages, one Catalogue per area
// (text_<area>.go), so each area keeps its texts next to its code.
func catalogue() (locale.Catalogue, error) {
	return locale.Merge(layoutText, loginText, queueText, conversationText, errorText, historyText, panelText, toolsText)
}
