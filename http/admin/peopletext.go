package admin

import "github.com/intake-runtime/intake/locale"

// peopleText is the texts of the people page's roles and availability, and
// of the rule that keeps an admin.
var peopleText = locale.Catalogue{
	"admin.people.role":             {PT: "Função", EN: "Role"},
	"admin.people.role_operator":    {PT: "Atendente", EN: "Operator"},
	"admin.people.role_admin":       {PT: "Administrador", EN: "Admin"},
	"admin.people.roles_note":       {PT: "Administradores também atendem: entram no console, recebem os avisos e as transferências, salvo quando se marcam ausentes.", EN: "Admins are operators too: they use the console and get notices and transfers unless they set themselves away."},
	"admin.people.available":        {PT: "Disponível", EN: "Available"},
	"admin.people.away":             {PT: "Ausente (marcou no console; não recebe avisos)", EN: "Away (set in the console; gets no notices)"},
	"admin.people.bad_role":         {PT: "Escolha a função: Atendente ou Administrador.", EN: "Choose the role: Operator or Admin."},
	"admin.people.last_admin":       {PT: "É preciso manter pelo menos um administrador ativo. Torne outra pessoa administrador antes de desativar ou mudar a função desta.", EN: "At least one enabled admin must remain. Make someone else an admin before disabling this person or changing their role."},
	"admin.people.availability_err": {PT: "A disponibilidade não pôde ser lida agora.", EN: "Availability cannot be read now."},
}
