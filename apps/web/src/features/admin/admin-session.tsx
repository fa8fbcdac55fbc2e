import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { OperatorView as Operator } from '@taxback/domain/api/admin-responses';
import { call, setCsrfToken } from '../../lib/api/admin-client.ts';

interface SessionValue {
  /** undefined while loading, null when nobody is signed in. */
  operator: Operator | null | undefined;
  signedIn: (operator: Operator, csrfToken: string) => void;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [operator, setOperator] = useState<Operator | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    const me = await call('adminMe');
    if (me.ok) {
      setCsrfToken(me.data.csrfToken);
      setOperator(me.data.operator);
    } else {
      setCsrfToken(null);
      setOperator(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<SessionValue>(
    () => ({
      operator,
      refresh,
      signedIn(op, token) {
        setCsrfToken(token);
        setOperator(op);
      },
      async signOut() {
        await call('adminSignOut');
        setCsrfToken(null);
        setOperator(null);
      },
    }),
    [operator, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useAdminSession outside AdminSessionProvider');
  return value;
}
