! Nests in a DO loop around parallel loops: bounds must not depend on the
! loop variable or on a scalar a nest assigns; the loop variable cannot
! be assigned; exit is not translated.
!$OFP PURE, KERNEL :: tri
subroutine tri(n, niter, u, v)
  integer, intent(in) :: n, niter
  real :: u(n), v(n)
  integer :: i, it, m
  do it = 1, niter
    do concurrent (i = 1:it)  ! ERROR [loop-bound] "the last value of \"i\" is not affine in the kernel's integer scalar dummies: it has variable \"it\""
      v(i) = u(i)
    end do
    do concurrent (i = 1:n)
      m = i  ! ERROR [host-var] "is assigned inside a nest or host loop"
      u(i) = v(m)
    end do
    do concurrent (i = 1:m)
      u(i) = 2*u(i)
    end do
    it = 3  ! ERROR [loop-construct] "cannot assign to loop index \"it\""
    if (niter > 2) exit  ! ERROR [loop-construct] "\"exit\" and \"cycle\" in a loop around parallel loops are only translated as"
  end do
end subroutine tri
