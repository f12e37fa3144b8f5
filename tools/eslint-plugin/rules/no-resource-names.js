// Generic code never names a resource or an area (ARCHITECTURE §2): behaviour particular to one entity or one
// launcher application lives in that area's folder (`areas/<area>/`) and reaches the generic code through the
// slots it offers. This rule catches the usual ways such a special case creeps in: comparing a resource, area,
// segment or application with a literal, switching on one, or testing one against a list of literals.

/** Names whose values are resources, areas or applications. */
const NAMED = /^(resource|resourceName|resources|area|areaCode|areaSegment|segment|application|applicationCode)$/;

/** `resource`, `entity.resource`, `entity?.resource`, `params.area` → the last name; otherwise undefined. */
function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'ChainExpression') return nameOf(node.expression);
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Literal') return String(node.property.value);
  return undefined;
}

const isStringLiteral = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string') || (node?.type === 'TemplateLiteral' && node.expressions.length === 0);

const literalText = (node) => (node.type === 'Literal' ? node.value : node.quasis[0].value.cooked);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Generic code must not name a resource or an area; put the behaviour in areas/<area>/.' },
    messages: {
      named:
        "Generic code names the {{kind}} '{{value}}'. Move this behaviour to the area's folder (areas/<area>/) and offer a slot for it here.",
    },
    schema: [],
  },
  create(context) {
    const report = (node, name, value) =>
      context.report({ node, messageId: 'named', data: { kind: /^(area|areaCode|areaSegment|segment|application|applicationCode)$/.test(name) ? 'area' : 'resource', value } });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        for (const [literal, other] of [
          [node.left, node.right],
          [node.right, node.left],
        ]) {
          const name = nameOf(other);
          if (isStringLiteral(literal) && name && NAMED.test(name)) report(node, name, literalText(literal));
        }
      },
      SwitchStatement(node) {
        const name = nameOf(node.discriminant);
        if (!name || !NAMED.test(name)) return;
        for (const branch of node.cases) if (isStringLiteral(branch.test)) report(branch, name, literalText(branch.test));
      },
      CallExpression(node) {
        // ['users', 'roles'].includes(entity.resource)
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || nameOf(callee) !== 'includes' || callee.object.type !== 'ArrayExpression') return;
        const name = nameOf(node.arguments[0]);
        const literal = callee.object.elements.find(isStringLiteral);
        if (name && NAMED.test(name) && literal) report(node, name, literalText(literal));
      },
    };
  },
};
