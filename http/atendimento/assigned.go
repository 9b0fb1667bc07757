package atendimento

import (
	"github.com/intake-runtime/intake/locale"
)

// assignedTexts are the words of an automatic assignment (ASSIGNMENT=
// round_robin) not taken up yet: the operator it went to reads that it is
// theirs to take, the others whose it is.
var assignedTexts = locale.Catalogue{
	"assigned.yours": {PT: "Atribuída a você", EN: "Assigned to you"},
	"assigned.to":    {PT: "Atribuída a %s", EN: "Assigned to %s"},
	"assigned.hint":  {PT: "Assuma ou responda para ficar com ela.", EN: "Claim or answer it to keep it."},
}

// assignedText says whom a pending assignment went to, by name: "" when
// none is pending. names reads the roster's names once for a page, on its
// first use.
func (c *Console) assignedText(pending bool, assignedTo, operator string, names operatorNames) string {
	switch {
	case !pending || assignedTo == "":
		return ""
	case assignedTo == operator:
		return c.locale.T("assigned.yours")
	}
	return c.locale.T("assigned.to", names.of(assignedTo))
}
