! A name associated with a section and used with a subscript: forocl
! writes selectors only where the name is used whole (Note [associate]).
subroutine k(n, a)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  associate (inner => a(2:n-1))  ! ERROR:14 [associate-selector] "\"inner\" is used in a statement of the block that forocl cannot rewrite"
    do i = 1, n-2
      inner(i) = 2*inner(i)
    end do
  end associate
end subroutine k
