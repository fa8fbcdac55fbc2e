/**
 * A local ESLint rule, `react-state/max-use-state`: a component or hook holds at most `max`
 * `useState` calls of its own (issue 46). A screen with more pieces of state than that has phases
 * or a form in it, which belong in one typed state changed by a reducer (with a table test of its
 * changes) or in a form library; loose flags drift apart (a spinner left on after an error, an
 * answer kept from a previous phase).
 *
 * Calls are counted for the nearest enclosing function, so a child component or hook defined in
 * the same file counts its own. Both `useState(...)` and `React.useState(...)` count.
 */
const maxUseState = {
  meta: {
    type: 'suggestion',
    docs: { description: 'At most `max` useState calls in one component or hook: use a reducer.' },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooMany:
        "'{{name}}' holds {{count}} useState (at most {{max}}): keep its phases or form in one typed state with a reducer.",
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 4;
    const counts = [];
    const isUseState = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'useState') ||
      (callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'useState');
    const nameOf = (node) => {
      if (node.id?.name) return node.id.name;
      const parent = node.parent;
      if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
      return '(anonymous function)';
    };
    const enter = () => counts.push(0);
    const leave = (node) => {
      const count = counts.pop();
      if (count > max) {
        context.report({ node, messageId: 'tooMany', data: { name: nameOf(node), count, max } });
      }
    };
    return {
      FunctionDeclaration: enter,
      FunctionExpression: enter,
      ArrowFunctionExpression: enter,
      'FunctionDeclaration:exit': leave,
      'FunctionExpression:exit': leave,
      'ArrowFunctionExpression:exit': leave,
      CallExpression(node) {
        if (counts.length > 0 && isUseState(node.callee)) counts[counts.length - 1] += 1;
      },
    };
  },
};

export const reactStatePlugin = { rules: { 'max-use-state': maxUseState } };
