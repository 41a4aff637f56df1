// biome-ignore-all lint: generated from ui/src/app.ts
// biome-ignore-all format: generated from ui/src/app.ts
var v,Pe,it,D,ce,te,Re,Y,Ue,le,ue,ct,j=Symbol.for("pv"),ne={},oe=[],ut=/^m(i|n|o|s|text|space)$/,_e=Array.isArray,de=oe.slice,M=Object.assign;function A(t){t&&t.parentNode&&t.remove()}function fe(t,e,n){var s,r,o,a={},c=arguments.length;for(o in e)o=="key"?s=e[o]:o=="ref"&&typeof t!="function"?r=e[o]:a[o]=e[o];return c>2&&(a.children=c>3?de.call(arguments,2):n),z(t,a,s,r,null)}function z(t,e,n,s,r){var o={type:t,props:e,key:n,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:j,__v:r||++Pe,__i:-1,__u:0};return!r&&v.vnode&&v.vnode(o),o}function se(t){return t.children}function W(t,e){this.props=t,this.context=e,this.__g=0}function P(t,e){if(e==null)return t.__&&P(t.__,t.__i+1);for(var n;e<t.__k.length;e++)if((n=t.__k[e])&&n.__e)return n.__e;return typeof t.type!="function"||t.props.__P?null:P(t)}function lt(t){var e,n=t.__v,s=n.__e,r=[],o=[],a=t.__P;a&&((e=M({constructor:j},n)).__v=n.__v+1,v.vnode&&v.vnode(e),pe(a,e,n,t.__n,a.namespaceURI,32&n.__u?[s]:null,r,s||P(n),32&n.__u,o),e.__v=n.__v,e.__.__k[e.__i]=e,qe(r,e,o),n.__=n.__e=null,e.__e!=s&&Ae(e))}function Ae(t){if((t=t.__)&&t.__c&&!t.props.__P)return t.__e=null,t.__k.some(function(e){return e&&(t.__e=e.__e)}),Ae(t)}function Ee(t){(8&t.__g||(t.__g|=8,D.push(t),te++))&&ce==v.debounceRendering||((ce=v.debounceRendering)||queueMicrotask)(Me)}function Me(){try{for(var t,e=1;D.length;)D.length>e&&D.sort(Re),t=D.shift(),e=D.length,8&t.__g&&lt(t)}finally{(te=D.length)&&(ce||queueMicrotask)(Me)}}function Oe(t,e,n,s,r,o,a,c,l,h,u){var _,f,i,p,m,g,y=s.__k||oe,$=e.length;for(l=_t(n,e,y,l,$),_=0;_<$;_++)(i=n.__k[_])!=null&&(f=~i.__i&&y[i.__i]||ne,i.__i=_,g=pe(t,i,f,r,o,a,c,l,h,u),p=i.__e,(f.ref!=i.ref||8&f.__u)&&(f.ref&&he(f.ref,null,i,f),i.ref&&u.push(i.ref,i.__c||p,i)),m=m||p,4&i.__u?(l=Le(i,l,t,!f.__v),f.__e&&(f.__e=null)):typeof i.type=="function"&&g!==void 0?l=g:p&&(l=p.nextSibling),i.__u&=-21);return n.__e=m,l}function _t(t,e,n,s,r){var o,a,c,l,h,u,_,f,i,p=n.length,m=p,g=0,y=0,$=t.__k=Array(r);for(o=0;o<r;o++)(a=e[o])!=null&&typeof a!="boolean"&&typeof a!="function"?(typeof a!="object"||a.constructor===String?a=$[o]=z(null,a):_e(a)?a=$[o]=z(se,{children:a}):a.constructor===j&&a.__b?a=$[o]=z(a.type,a.props,a.key,a.ref,a.__v):$[o]=a,l=o+g,a.__=t,a.__b=t.__b+1,c=null,~(h=a.__i=dt(a,n,l,m))&&(m--,(c=n[h])&&(c.__u|=2)),c&&c.__v?(a.__u|=16,h==l-1?g--:h==l+1?g++:h!=l&&(h>l?g--:g++,y=1)):(~h||(r>p?g--:r<p&&g++),typeof a.type!="function"&&(a.__u|=4))):$[o]=null;if(y){for(u=[],_=[],o=0;o<r;o++)if((a=$[o])&&16&a.__u){for(g=0,f=u.length;g<f;)u[i=g+f>>1]<a.__i?g=i+1:f=i;u[g]=a.__i,_[o]=g+1}for(g=u.length;o--;)_[o]&&(_[o]==g?g--:$[o].__u|=4)}if(m)for(o=0;o<p;o++)!(c=n[o])||2&c.__u||(c.__e==s&&(s=P(c)),me(c,c));return s}function Le(t,e,n,s){var r,o,a,c;if(typeof t.type=="function"){if(t.props.__P)return e;if(r=t.__k)for(o=0;o<r.length;o++)r[o]&&(r[o].__=t,e=Le(r[o],e,n,!1));return e}for(e&&!e.parentNode&&(e=P(t))&&!e.parentNode&&(e=null),a=t.__e,c=e;c&&c.nodeType==8;)c=c.nextSibling;for(a!=c&&(!s&&n.moveBefore&&a.parentNode?n.moveBefore(a,e):n.insertBefore(a,e||null)),e=a;(e=e&&e.nextSibling)&&e.nodeType==8&&!e.data.startsWith("$s"););return e}function dt(t,e,n,s){var r,o=t.key,a=t.type,c=e[n],l=c&&!(2&c.__u);if(c===null&&o==null||l&&o==c.key&&a==c.type)return n;if(s>(l?1:0)){for(r=n-1;r>=0;r--)if((c=e[r])&&!(2&c.__u)&&o==c.key&&a==c.type)return r;for(r=n+1;r<e.length;r++)if((c=e[r])&&!(2&c.__u)&&o==c.key&&a==c.type)return r}return-1}function De(t,e,n){n==null&&(n=""),e[0]=="-"?t.setProperty(e,n):t[e]=n}function X(t,e,n,s,r){var o,a;if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof s=="string"&&(t.style.cssText=s=""),s)for(e in s)n&&e in n||De(t.style,e);if(n)for(e in n)s&&n[e]==s[e]||De(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")typeof n!="function"&&(n=null),typeof s!="function"&&(s=null),(t.__e||(t.__e={}))[e]=n,n&&s||(a=ue[e]||(ue[e]=ft(e)),(t.__a||(t.__a={}))[e]=le,o=e!=(e=e.replace(Ue,"$1")),(e=e.slice(2))[0]<"a"&&(e=e.toLowerCase()),n?t.addEventListener(e,a,o):t.removeEventListener(e,a,o));else{if(r=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{return void(t[e]=n??"")}catch{}if(typeof n=="function")return;n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n)}}function ft(t){return function(e){var n=this.__e;if(n){if(n=n[t],e[Y]==null)e[Y]=le++;else if(e[Y]<this.__a[t])return;return n(v.event?v.event(e):e)}}}function pe(t,e,n,s,r,o,a,c,l,h){var u,_,f,i,p,m,g,y,$,k,b,ie,Ne,Q,R,xe,E,U,x=e.type;if(e.constructor!==j)return null;128&n.__u&&(l=32&n.__u,u=n.__c.__z)&&(e.__u|=l,_=o=[],u.nodeType==8?c=ee(u,o):o.push(u),c=o[0]||c),(u=v.__b)&&u(e);e:if(typeof x=="function"){f=a.length;try{if(y=e.props,$=(u=x.prototype)&&u.render,k=(u=x.contextType)&&s[u.__c],b=u?k?k.props.value:u.__:s,(i=n.__c)?(e.__c=i,2&i.__g&&(i.__g|=1)):($?e.__c=i=new x(y,b):(e.__c=i=new W(y,b),i.constructor=x,i.render=ht),k&&k.sub(i),i.state||(i.state={}),i.__n=s,i.__g|=8,i.__h=[],i.__k=[]),$&&(i.__s||(i.__s=i.state),x.getDerivedStateFromProps&&(i.__s==i.state&&(i.__s=M({},i.__s)),M(i.__s,x.getDerivedStateFromProps(y,i.__s)))),p=i.props,m=i.state,i.__v=e,n.__c){if(y!==p&&$&&!x.getDerivedStateFromProps&&i.componentWillReceiveProps&&i.componentWillReceiveProps(y,b),e.__v==n.__v&&!(8&i.__g)||!(4&i.__g)&&i.shouldComponentUpdate&&i.shouldComponentUpdate(y,i.__s,b)===!1){e.__v!=n.__v&&(i.props=y,i.state=i.__s,i.__g&=-9),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(I){I&&(I.__=e)}),oe.push.apply(i.__h,i.__k),i.__k=[],i.__h.length&&a.push(i),c=P(n);break e}i.componentWillUpdate&&i.componentWillUpdate(y,i.__s,b),$&&i.componentDidUpdate&&i.__h.push(function(){i.componentDidUpdate(p,m,g)})}else $&&!x.getDerivedStateFromProps&&i.componentWillMount&&i.componentWillMount(),$&&i.componentDidMount&&i.__h.push(i.componentDidMount);i.context=b,i.props=y,i.__P=t,i.__g&=-5,ie=v.__r,Ne=$?25:0;do i.__g&=-9,ie&&ie(e),u=i.render(i.props,i.state=i.__s,i.context);while(8&i.__g&&++Ne<25);$&&(oe.push.apply(i.__h,i.__k),i.__k=[]),i.state=i.__s,i.getChildContext&&(s=M({},s,i.getChildContext())),$&&n.__c&&i.getSnapshotBeforeUpdate&&(g=i.getSnapshotBeforeUpdate(p,m)),Q=u&&u.type===se&&u.key==null?u.props.children:u,y.__P&&(u=c,r=(t=y.__P).namespaceURI,l=o=null,n.props&&n.props.__P!=t&&(n.__k.some(function(I){I&&me(I,I)}),n.__k=null),c=n.__k?P(n,0):null),c=Oe(t,_e(Q)?Q:[Q],e,n,s,r,o,a,c,l,h),y.__P&&(e.__e=null,c=u),e.__u&=-161,_&&_.some(A),i.__h.length&&a.push(i),1&i.__g&&(i.__g&=-4)}catch(I){if(a.length=f,e.__v=null,l||o)if(I&&I.then){if(e.__u|=128|l,o){for(~(E=o.indexOf(c||void 0))||(E=o.length);(U=o[E-1])&&U.nodeType==8;)E--;for(;E<o.length;E++)if(U=o[E])if(o[E]=null,R){if(U==xe)break}else{if(U.nodeType!=8)break;U.data.startsWith("$s")&&(xe=ee(R=U))}}if(!R){for(;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;R=c}(u=ee(R=e.__c.__z||(e.__c.__z=R)))?(e.__e=R,c=u):e.__e=c,c=c&&c.nextSibling}else o&&o.some(A);else e.__e=n.__e;e.__k||(e.__k=n.__k||[]),I&&I.then||He(e),v.__e(I,e,n)}}else c=e.__e=pt(n.__e,e,n,s,r,o,a,l,h,t);return(u=v.diffed)&&u(e),c}function ee(t,e){if(t&&t.nodeType==8&&t.data.startsWith("$s"))for(var n=1;t=t.nextSibling;){if(t.nodeType==8){if(t.data.startsWith("$s"))n++;else if(t.data.startsWith("/$s")&&!--n)return t}e&&e.push(t)}}function He(t){t&&(t.__c&&(t.__c.__g|=4),t.__k&&t.__k.some(He))}function qe(t,e,n){for(var s=0;s<n.length;)he(n[s++],n[s++],n[s++]);v.__c&&v.__c(e,t),t.some(function(r){try{t=r.__h,r.__h=[],t.some(function(o){o.call(r)})}catch(o){v.__e(o,r.__v)}})}function pt(t,e,n,s,r,o,a,c,l,h){var u,_,f,i,p,m,g,y,$=n.props||ne,k=e.props,b=e.type;if(b=="svg"?r="http://www.w3.org/2000/svg":b=="math"?r="http://www.w3.org/1998/Math/MathML":r||(r="http://www.w3.org/1999/xhtml"),o){for(u=0;u<o.length;u++)if((p=o[u])&&(b?p.localName==b:p.nodeType==3)){t=p,o[u]=null;break}}if(!t){if(y=h.ownerDocument||document,!b)return y.createTextNode(k);t=y.createElementNS(r,b,k.is?k:h),c&&(v.__m&&v.__m(e,o),c=!1),o=null}if(b){if(h=b=="template"&&t.content||t,o=b=="textarea"&&k.defaultValue!=null?null:o&&de.call(h.childNodes),!c&&o)for($={},u=0;u<t.attributes.length;u++)$[(p=t.attributes[u]).name]=p.value;for(u in $)p=$[u],u=="dangerouslySetInnerHTML"?f=p:u=="children"||u in k||u=="value"&&"defaultValue"in k||u=="checked"&&"defaultChecked"in k||X(t,u,null,p,r);for(u in k)p=k[u],u=="children"?i=p:u=="dangerouslySetInnerHTML"?_=p:u=="value"?m=p:u=="checked"?g=p:c&&typeof p!="function"||$[u]===p||X(t,u,p,$[u],r);_?(c||f&&(_.__html==f.__html||_.__html==t.innerHTML)||(t.innerHTML=_.__html),e.__k=[]):(f&&(t.textContent=""),(b=="foreignObject"||r=="http://www.w3.org/1998/Math/MathML"&&ut.test(b))&&(r="http://www.w3.org/1999/xhtml"),Oe(h,_e(i)?i:[i],e,n,s,r,o,a,o?o[0]:n.__k&&P(n,0),c,l),o&&o.some(A)),c&&b!="textarea"||(u="value",b=="progress"&&m==null?t.removeAttribute(u):m==null||m===t[u]&&(b!="progress"||m)||X(t,u,m,$[u],r),u="checked",g!=null&&g!=t[u]&&X(t,u,g,$[u],r))}else $===k||c&&t.data==k||(t.data=k);return t}function he(t,e,n,s){try{typeof t=="function"?e?e.__x=t(e)||1:s&&(s=s.__c||s.__e)&&(e=s.__x)&&(s.__x=null,typeof e=="function"?e():t(null)):t.current=e}catch(r){v.__e(r,n)}}function me(t,e,n){var s,r,o,a;if(v.unmount&&v.unmount(t),!(s=t.ref)||s.current&&s.current!=t.__e||he(s,null,e,t),s=t.__c){if(s.componentWillUnmount)try{s.componentWillUnmount()}catch(c){v.__e(c,e)}s.__P=s.__n=null}if(s=t.__k)for(a=0;a<s.length;a++)s[a]&&me(s[a],e,typeof t.type!="function"||n&&!t.props.__P);!n&&(s=t.__c)&&(s=s.__z)&&(r=ee(s,o=[]))&&(s==t.__e&&o.some(A),A(r),A(s)),n||A(t.__e),t.__e=t.__c=t.__=null}function ht(t,e,n){return this.constructor(t,n)}function $e(t,e){var n,s,r,o;v.__&&v.__(t,e),e.nodeType==9&&(e=e.documentElement),s=(n=t&&32&t.__u)?null:e.__k,e.__k=z(se,{children:[t]}),r=[],o=[],pe(e,e.__k,s||ne,ne,e.namespaceURI,s?null:e.firstChild?de.call(e.childNodes):null,r,s?s.__e:e.firstChild,n,o),qe(r,e.__k,o),e.__k.props.children=null}v={__e:function(t,e,n,s){for(var r,o,a;e=e.__;)if((r=e.__c)&&!(1&r.__g)){r.__g|=4;try{if((a=(o=r.constructor)&&o.getDerivedStateFromError)&&r.setState(o.getDerivedStateFromError(t)),r.componentDidCatch&&(r.componentDidCatch(t,s||{}),a=1),a&&8&r.__g)return void(r.__g|=2)}catch(c){t=c}}throw te=0,t}},Pe=0,it=function(t){return t!=null&&t.constructor===j},W.prototype.setState=function(t,e){var n=this.__s;n&&n!=this.state||(n=this.__s=M({},this.state)),typeof t=="function"&&(t=t(M({},n),this.props)),t&&(M(n,t),this.__v&&(e&&this.__k.push(e),Ee(this)))},W.prototype.forceUpdate=function(t){this.__v&&(this.__g|=4,t&&this.__h.push(t),Ee(this))},W.prototype.render=se,D=[],te=0,Re=function(t,e){return t.__v.__b-e.__v.__b},Y=Symbol(),Ue=/(PointerCapture)$|Capture$/i,le=0,ue={},ct=0;var ze=function(t,e,n,s){var r;e[0]=0;for(var o=1;o<e.length;o++){var a=e[o++],c=e[o]?(e[0]|=a?1:2,n[e[o++]]):e[++o];a===3?s[0]=c:a===4?s[1]=Object.assign(s[1]||{},c):a===5?(s[1]=s[1]||{})[e[++o]]=c:a===6?s[1][e[++o]]+=c+"":a?(r=t.apply(c,ze(t,c,n,["",null])),s.push(r),c[0]?e[0]|=2:(e[o-2]=0,e[o]=r)):s.push(c)}return s},Fe=new Map;function We(t){var e=Fe.get(this);return e||(e=new Map,Fe.set(this,e)),(e=ze(this,e.get(t)||(e.set(t,e=(function(n){for(var s,r,o=1,a="",c="",l=[0],h=function(f){o===1&&(f||(a=a.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?l.push(0,f,a):o===3&&(f||a)?(l.push(3,f,a),o=2):o===2&&a==="..."&&f?l.push(4,f,0):o===2&&a&&!f?l.push(5,0,!0,a):o>=5&&((a||!f&&o===5)&&(l.push(o,0,a,r),o=6),f&&(l.push(o,f,0,r),o=6)),a=""},u=0;u<n.length;u++){u&&(o===1&&h(),h(u));for(var _=0;_<n[u].length;_++)s=n[u][_],o===1?s==="<"?(h(),l=[l],o=3):a+=s:o===4?a==="--"&&s===">"?(o=1,a=""):a=s+a[0]:c?s===c?c="":a+=s:s==='"'||s==="'"?c=s:s===">"?(h(),o=1):o&&(s==="="?(o=5,r=a,a=""):s==="/"&&(o<5||n[u][_+1]===">")?(h(),o===3&&(l=l[0]),o=l,(l=l[0]).push(2,0,o),o=0):s===" "||s==="	"||s===`
`||s==="\r"?(h(),o=2):a+=s),o===3&&a==="!--"&&(o=4,l=l[0])}return h(),l})(t)),e),arguments,[])).length>1?e:e[0]}var d=We.bind(fe);var Z,S,ge,je,ye=Object.is,K=0,Ye=[],ve=[],w=v,Be=w.__b,Ze=w.__r,Ke=w.diffed,Ve=w.__c,Ge=w.unmount,Je=w.__;function ke(t,e){w.__h&&w.__h(S,t,K||e),K=0;var n=S.__H||(S.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function T(t){return K=1,mt(nt,t)}function mt(t,e,n){var s=ke(Z++,2);if(s.t=t,!s.__c&&(s.__=[n?n(e):nt(void 0,e),function(o){var a=(s.__N||s.__)[0],c=s.t(a,o);ye(a,c)||(s.__N=[c,s.__[1]],s.__c.setState({}))}],s.__c=S,!S.__f)){S.__f=!0;var r=S.shouldComponentUpdate;S.shouldComponentUpdate=function(o,a,c){var l=this.__H;if(!l)return!0;var h=!1,u=this.props!=o;if(l.__.some(function(f){f.__N&&(h=!0,ye(f.__[0],f.__N[0])||(u=!0))}),r){var _=r.call(this,o,a,c);return h?_||u:_}return!h||u}}return s.__}function re(t,e){var n=ke(Z++,3);!w.__s&&tt(n.__H,e)&&(n.__P=!0,n.__=t,n.u=e,S.__H.__h.push(n))}function L(t){return K=5,et(function(){return{current:t}},[])}function et(t,e){var n=ke(Z++,7);return tt(n.__H,e)&&(n.__=t(),n.__H=e),n.__}function we(t,e){return K=8,et(function(){return t},e)}function $t(){var t;do{for(;t=ve.shift();)try{B(t)}catch(n){w.__e(n,{__:(t=t.__P)&&t.__v})}for(;t=Ye.shift();){var e=t.__H;if(t.__P&&e)try{e.__h.some(B),e.__h.some(be),e.__h=[]}catch(n){e.__h=[],w.__e(n,t.__v)}}}while(ve.length)}w.__b=function(t){S=null,Be&&Be(t)},w.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Je&&Je(t,e)},w.__r=function(t){Ze&&Ze(t),Z=0;var e=(S=t.__c).__H;e&&(ge==S?S.__h=[]:(e.__h.some(B),e.__h.some(be),Z=0),e.__h=[],e.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})),ge=S},w.diffed=function(t){Ke&&Ke(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&Xe(Ye.push(e)),e.__H.__.some(function(n){n.u&&(n.__H=n.u)})),ge=S=null},w.__c=function(t,e){e.some(function(n){try{n.__h.some(B),n.__h=n.__h.filter(function(s){return!s.__||be(s)})}catch(s){n.__h=[function(){throw s}]}}),Ve&&Ve(t,e)},w.unmount=function(t){Ge&&Ge(t);var e,n,s=t.__c;s&&s.__H&&(s.__H.__.some(function(r){try{if(r.__P&&r.__c){if(n===void 0){for(n=t.__;n&&(!n.__c||!n.__c.__P);)n=n.__;n=n&&n.__c}r.__P=n,Xe(ve.push(r))}else B(r)}catch(o){e=o}}),s.__H=void 0,e&&w.__e(e,s.__v))};var Qe=typeof requestAnimationFrame=="function";function gt(t){var e,n=function(){clearTimeout(s),Qe&&cancelAnimationFrame(e),setTimeout(t)},s=setTimeout(n,35);Qe&&(e=requestAnimationFrame(n))}function Xe(t){t!=1&&je==w.requestAnimationFrame||((je=w.requestAnimationFrame)||gt)($t)}function B(t){var e=S,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),S=e}function be(t){var e=S;t.__c=t.__(),S=e}function tt(t,e){return!t||t.length!=e.length||e.some(function(n,s){return!ye(n,t[s])})}function nt(t,e){return typeof e=="function"?e(t):e}var yt=/^([+-]\d{6}|\d{4})-(\d\d)-(\d\d)(?:[Tt](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?(?:([Zz])|([+-])(\d\d):(\d\d))?)?$/,vt=146097*864e5;function bt(t){let e=yt.exec(t);if(e===null)return{why:""};let[,n,s,r,o,a="00",c,l="",h,u,_="0",f="0"]=e;if(o!==void 0&&h===void 0&&u===void 0)return{why:"a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time"};if(Number(_)>23||Number(f)>59)return{why:`there is no offset ${u}${_}:${f}`};let i=Math.floor(Number(n)/400),p=new Date(0);if(p.setUTCFullYear(Number(n)-i*400,Number(s)-1,Number(r)),p.getUTCMonth()!==Number(s)-1||p.getUTCDate()!==Number(r))return{why:`the calendar has no day ${n}-${s}-${r}`};let m=[Number(o??0),Number(a),Number(c??0)];p.setUTCHours(...m);let g=[p.getUTCHours(),p.getUTCMinutes(),p.getUTCSeconds()];if(p.getUTCDate()!==Number(r)||g.some((k,b)=>k!==m[b]))return{why:`a day has no time ${o}:${a}${c===void 0?"":`:${c}`}`};let y=(u==="-"?-1:1)*(Number(_)*60+Number(f))*6e4,$=Number(l.slice(0,3).padEnd(3,"0"));return{ms:p.getTime()+i*vt+$-y}}function ot(t){return bt(t).ms??Number.NaN}var kt=1e3,st=36e5,Te=location.pathname.replace(/\/__mock\/ui(?:\/.*)?$/,""),Ce="mock-control-token";function Ie(t){try{t===null?sessionStorage.removeItem(Ce):sessionStorage.setItem(Ce,t)}catch{}}function wt(){try{return sessionStorage.getItem(Ce)}catch{return null}}function St(){let t=new URLSearchParams(location.hash.slice(1)).get("token");return t?(Ie(t),history.replaceState(null,"",location.pathname+location.search),t):wt()}var V=St(),q=class extends Error{constructor(n,s){super(n);this.status=s}status},G=t=>t instanceof Error?t.message:String(t),ae=t=>t instanceof q&&t.status===401;function Tt(t,e,n){let s=(e.headers.get("Content-Type")??"").split(";")[0].trim(),r=n.replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi," ").replace(/<[^>]*>/g," ").replace(/\s+/g," ").trim(),o=r.length>160?`${r.slice(0,160)}...`:r,a=n.trim()===""?"an empty body":`${s||"no Content-Type"}, not JSON${o?`: "${o}"`:""}`;return new q(`the server answered ${e.status} with ${a} (${t})`,0)}async function C(t,e,n){let s=`${t} ${Te}/__mock${e}`,r={};V&&(r.Authorization=`Bearer ${V}`),n!==void 0&&(r["Content-Type"]="application/json"),t==="GET"&&(e==="/version"||/^\/(snapshot|requests)\?limit=/.test(e))&&(r["X-Mock-Inspector"]="poll");let o;try{o=await fetch(`${Te}/__mock${e}`,{method:t,headers:r,body:n===void 0?void 0:JSON.stringify(n)})}catch(l){throw new q(`no answer from the server (${G(l)}; ${s}): is it still running?`,0)}let a=await o.text();if(o.status===204&&a==="")return;let c;try{if(!/\bjson\b/i.test(o.headers.get("Content-Type")??""))throw new Error("not JSON");c=JSON.parse(a)}catch{throw Tt(s,o,a)}if(!o.ok){let l=c?.message;throw new q(typeof l=="string"?l:`the server answered ${o.status} (${s})`,o.status)}return c}async function Ct(){let t=await C("GET","/snapshot"),e=`mock-state-${t.clock.now.replace(/\.\d+Z$/,"Z").replace(/:/g,"-")}.json`,n=URL.createObjectURL(new Blob([`${JSON.stringify(t,null,2)}
`],{type:"application/json"})),s=document.createElement("a");return s.href=n,s.download=e,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(n),6e4),e}var N=t=>t==null?"":new Date(t).toISOString().replace("T"," ").replace(/\.\d+Z$/,"Z"),rt=t=>new Date(t).toISOString().replace(/\.\d+Z$/,"Z"),It={USD:2,KHR:0};function H(t,e){let n=e.toUpperCase(),s=It[n]??2,r=t.toLocaleString("en-US",{minimumFractionDigits:s,maximumFractionDigits:s});return`${n} ${r}`}var at=/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?Z)?$/i;function Nt(t){let e=at.exec(t.trim());if(!e)return;let[,n,s="00:00",r=":00"]=e,o=ot(`${n}T${s}${r}Z`);return Number.isNaN(o)?void 0:new Date(o).toISOString()}var O=t=>t.target.value,F=t=>d`<span class=${`badge badge-${t}`}>${t}</span>`;function J({columns:t,rows:e}){return d`<table class="list">
    <thead>
      <tr>${t.map(n=>d`<th scope="col">${n}</th>`)}</tr>
    </thead>
    <tbody>
      ${e.map(n=>d`<tr key=${n.key} data-testid=${n.testId}>
          ${n.cells.map((s,r)=>d`<td data-label=${t[r]}><div class="cell">${s}</div></td>`)}
        </tr>`)}
    </tbody>
  </table>`}function xt({snapshot:t,act:e}){let{clock:n}=t,[,s]=T(0),r=L({at:Date.now(),now:n.now});r.current.now!==n.now&&(r.current={at:Date.now(),now:n.now}),re(()=>{if(n.frozen)return;let i=setInterval(()=>s(p=>p+1),1e3);return()=>clearInterval(i)},[n.frozen]);let o=n.frozen?Date.parse(n.now):Date.parse(r.current.now)+Date.now()-r.current.at,[a,c]=T(""),[l,h]=T(null),u=(i,p)=>e(i,()=>C("POST","/clock",p)),_=rt(n.now),f=i=>{i.preventDefault();let p=a.trim(),m=Nt(p);if(m===void 0)return h(p);h(null),u(`set the clock to ${rt(m)}`,{now:m})};return d`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${N(o)}</strong>
      <span class="muted">${n.frozen?"frozen":"running"}</span>
      <span class="era" title=${n.era.summary}>era ${n.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${()=>u("+1 hour",{advanceMs:st})}>+1 hour</button>
      <button onClick=${()=>u("+1 day",{advanceMs:24*st})}>+1 day</button>
      <button onClick=${()=>u("+1 business day",{businessDays:1})}>+1 business day</button>
      <form class="set-date" onSubmit=${f}>
        <label for="clock-set">Set the clock to (UTC)</label>
        <input
          id="clock-set"
          type="text"
          autocomplete="off"
          spellcheck=${!1}
          placeholder=${_}
          aria-invalid=${l!==null}
          aria-describedby=${l===null?void 0:"clock-set-error"}
          value=${a}
          onInput=${i=>{c(O(i)),h(null)}}
        />
        <button type="submit">Set</button>
      </form>
    </div>
    ${l===null?"":d`<p id="clock-set-error" class="error clock-error" role="alert" data-testid="clock-set-error">
            ${l===""?"Type a UTC date, such as ":at.test(l.trim())?`"${l}" is no day or time of the calendar: write a real one, such as `:`"${l}" is not a UTC date: write it as `}
            <span class="nowrap">${_}</span>${l===""?".":" (ISO 8601, ending in Z for UTC)."}
          </p>`}
  </section>`}function Et({snapshot:t}){let[e,n]=T({});return t.merchants.length===0?d`<p class="muted">No merchants yet.</p>`:d`<div class="cards">
    ${t.merchants.map(s=>d`<article class="card" data-testid=${`merchant-${s.merchantId}`}>
        <h3>${s.name} <span class="muted">#${s.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${s.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${e[s.merchantId]?d`<code>${s.apiSecret}</code>`:d`<span class="muted">hidden</span>`}
            <button class="link" onClick=${()=>n({...e,[s.merchantId]:!e[s.merchantId]})}>
              ${e[s.merchantId]?"hide":"show"}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${s.webhookUrl??d`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${s.stores.map(r=>d`<div>#${r.storeId} ${r.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th scope="col">balance</th><th scope="col">freeze</th><th scope="col">usable</th></tr></thead>
          <tbody>
            ${["usd","khr"].map(r=>{let o=s.balances[r],a=r.toUpperCase();return d`<tr data-testid=${`balance-${s.merchantId}-${r}`}>
                <td>${H(o.balance,a)}</td><td>${H(o.freeze,a)}</td><td>${H(o.usable,a)}</td>
              </tr>`})}
          </tbody>
        </table>
      </article>`)}
  </div>`}function Dt({snapshot:t,act:e}){if(t.orders.length===0)return d`<p class="muted">No orders yet.</p>`;let n=r=>t.transactions.filter(o=>o.kind==="payment"&&o.orderId===r),s=(r,o)=>e(`payment ${o} for order ${r}`,()=>C("POST","/payments",{orderId:r,status:o}));return d`<${J}
    columns=${["order","status","amount","QR code","payments",""]}
    rows=${t.orders.map(r=>({key:r.orderId,testId:`order-${r.orderId}`,cells:[d`#${r.orderId}<div class="muted">merchant #${r.merchantId}, ${N(r.createdAt)}</div>`,F(r.status),H(r.amount,r.currency),d`<img
          class="qr"
          alt=${`QR code of order ${r.orderId}`}
          src=${`${Te}/qr/${encodeURIComponent(r.qrData)}.png`}
        />`,n(r.orderId).map(o=>d`<div>#${o.transactionId} ${F(o.status)} ${N(o.updatedAt)}</div>`),r.status==="pending"||r.status==="processing"?d`<button onClick=${()=>s(r.orderId,"SUCCESS")}>Simulate payment</button>
              <button class="secondary" onClick=${()=>s(r.orderId,"FAILED")}>Simulate failure</button>`:""]}))}
  />`}function Pt({snapshot:t}){let e=t.transactions.filter(n=>n.kind==="refund"||n.kind==="payout");return e.length===0?d`<p class="muted">No refunds or payouts yet.</p>`:d`<${J}
    columns=${["transaction","kind","amount","status","requested","settles"]}
    rows=${e.map(n=>({key:n.transactionId,testId:`${n.kind}-${n.transactionId}`,cells:[d`#${n.transactionId}
          <div class="muted">${n.kind==="refund"?`order #${n.orderId}`:n.accountNumber}</div>`,n.kind,H(n.amount,n.currency),d`${F(n.status)}${n.failureReason?d`<div class="muted">${n.failureReason}</div>`:""}`,N(n.createdAt),N(n.dueAt)]}))}
  />`}function Rt({snapshot:t,act:e}){return d`<div>
    <div class="toolbar">
      <button onClick=${()=>e("duplicate next",()=>C("POST","/webhooks/duplicate-next",{}))}>
        Duplicate the next
      </button>
      <button onClick=${()=>e("hold next",()=>C("POST","/webhooks/hold-next",{}))}>Hold the next</button>
      <button onClick=${()=>e("stale next",()=>C("POST","/webhooks/stale-next",{seconds:600}))}>
        Next one 10 min stale
      </button>
    </div>
    ${t.webhooks.length===0?d`<p class="muted">No webhooks yet.</p>`:t.webhooks.map(n=>d`<details class="webhook" data-testid=${`webhook-${n.id}`}>
            <summary>
              #${n.id} ${F(n.status)} ${n.payload.status} for order #${n.payload.orderId},${" "}
              ${H(n.payload.amount,n.payload.currency)}${" "}
              <span class="muted">
                ${n.attempts.length} attempt(s)${n.nextAttemptAt?`, next ${N(n.nextAttemptAt)}`:""}
              </span>
            </summary>
            <ol>
              ${n.attempts.map(s=>d`<li>${N(s.at)} ${F(s.outcome)} ${s.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(n.headers,null,2)}</pre>
            <h4>Body</h4>
            <pre>${n.rawBody}</pre>
            ${n.url?d`<button
                    onClick=${()=>e(`redeliver ${n.id}`,()=>C("POST",`/webhooks/${n.id}/redeliver`,{}))}
                  >
                  Redeliver
                </button>`:d`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`}
          </details>`)}
  </div>`}function Ut({snapshot:t}){return d`<div>
    ${t.users.length===0?d`<p class="muted">No PIN users yet.</p>`:""}
    <${J}
      columns=${["user","PIN","wrong attempts","blocked until","reset sessions"]}
      rows=${t.users.map(e=>({key:e.userId,cells:[d`#${e.userId}
            <div class="muted">${e.email??""} ${e.phone?`+${e.phone.phoneCode} ${e.phone.phoneNumber}`:""}</div>`,e.hasPin?"set":"not set",e.wrongAttempts,N(e.blockedUntil),e.resetSessions.map(n=>d`<div>${F(n.state)} ${n.to}, until ${N(n.expiresAt)}</div>`)]}))}
    />
    <h3>One-time codes sent</h3>
    ${t.otp.length===0?d`<p class="muted">None yet.</p>`:""}
    <${J}
      columns=${["code","to","sent"]}
      rows=${t.otp.map(e=>({key:`${e.sessionId}-${e.sentAt}`,cells:[d`<code>${e.code}</code>`,e.to,N(e.sentAt)]}))}
    />
  </div>`}function At({snapshot:t,act:e}){let[n,s]=T("POST /api/v1/payment-gateway/order/create"),[r,o]=T("error"),[a,c]=T("503"),[l,h]=T("2000");return d`<div>
    <form class="toolbar fault-form" onSubmit=${_=>{_.preventDefault();let f={route:n,kind:r};r==="error"&&(f.status=Number(a)),r==="latency"&&(f.delayMs=Number(l)),e(`fault on ${n}`,()=>C("POST","/faults",f))}}>
      <div class="field field-wide">
        <label for="fault-route">Route</label>
        <input id="fault-route" value=${n} spellcheck=${!1} onInput=${_=>s(O(_))} />
      </div>
      <div class="field">
        <label for="fault-kind">Kind</label>
        <select id="fault-kind" value=${r} onChange=${_=>o(O(_))}>
          ${["error","latency","network","drop-response"].map(_=>d`<option value=${_}>${_}</option>`)}
        </select>
      </div>
      ${r==="error"?d`<div class="field">
              <label for="fault-status">Status</label>
              <input
                id="fault-status"
                inputmode="numeric"
                size="4"
                value=${a}
                onInput=${_=>c(O(_))}
              />
            </div>`:""}
      ${r==="latency"?d`<div class="field">
              <label for="fault-delay">Delay (ms)</label>
              <input
                id="fault-delay"
                inputmode="numeric"
                size="6"
                value=${l}
                onInput=${_=>h(O(_))}
              />
            </div>`:""}
      <div class="field-buttons">
        <button type="submit">Add fault</button>
        <button type="button" class="secondary" onClick=${()=>e("clear faults",()=>C("DELETE","/faults"))}>
          Clear
        </button>
      </div>
    </form>
    ${t.faults.length===0?d`<p class="muted">No active faults.</p>`:d`<ul class="faults">
          ${t.faults.map(_=>d`<li>
                ${_.route}: ${_.kind}${_.kind==="error"?` ${_.status}`:""}${_.kind==="latency"?` ${_.delayMs} ms`:""}, ${_.remaining==="always"?"every time":`${_.remaining} left`}
              </li>`)}
        </ul>`}
  </div>`}function Mt({snapshot:t}){let[e,n]=T(""),[s,r]=T("all"),o=t.requests.filter(a=>a.path.includes(e)&&(s==="all"||a.status!==null&&String(a.status)[0]===s[0]||s==="cut"&&a.status===null));return d`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${e}
        onInput=${a=>n(O(a))}
      />
      <select aria-label="Status filter" value=${s} onChange=${a=>r(O(a))}>
        ${["all","2xx","4xx","5xx","cut"].map(a=>d`<option value=${a}>${a}</option>`)}
      </select>
    </div>
    <${J}
      columns=${["#","request","status","ms","idempotency key"]}
      rows=${o.map(a=>({key:a.seq,cells:[a.seq,d`${a.method} ${a.path}
            ${a.warnings.length?d`<div class="warning">${a.warnings.join("; ")}</div>`:""}`,a.status??"cut",a.durationMs.toFixed(1),a.idempotencyKey===null?"":d`<code>${a.idempotencyKey}</code>`]}))}
    />
  </div>`}var Se=[["merchants","Merchants",Et],["orders","Orders",Dt],["money","Refunds and payouts",Pt],["webhooks","Webhooks",Rt],["pin","PIN users",Ut],["faults","Faults",At],["requests","Requests",Mt]],Ot={"refused-pasted":"The server refused this token. Copy it again from the banner\u2019s control token line (the token alone, without the spaces around it) and try again.","refused-kept":"The server refused the token this tab had: the server may have been started again with another one (off loopback it makes up a new one at each start). Paste the one its banner prints now."};function Lt({need:t,attempt:e,checking:n,problem:s,onToken:r}){let o=L(null);return re(()=>{o.current?.focus(),o.current?.select()},[e]),d`<form class="token-form" aria-labelledby="token-title" onSubmit=${c=>{c.preventDefault();let l=o.current?.value.trim()??"";l!==""&&r(l)}}>
    <h2 id="token-title">This server needs its control token</h2>
    <p>
      Its control API (API secrets, one-time codes, money and time) answers only calls that carry its control
      token: the one it was started with (<code>--control-token</code>), or one it made up because it listens on
      another address than loopback (<code>--host</code>).
    </p>
    <p>
      Where you started the server, its banner prints the token on the line <code>control token <i>token</i></code>.
      The banner's <code>inspector:</code> line carries it too, as <code>/__mock/ui/#token=<i>token</i></code>:
      opening that address skips this form.
    </p>
    ${t==="missing"?"":d`<p class="error" role="alert" key=${e}>${Ot[t]}</p>`}
    ${s===null?"":d`<p class="error" role="alert">${s}</p>`}
    <div class="token-field">
      <label for="control-token">Control token</label>
      <input
        id="control-token"
        ref=${o}
        autocomplete="off"
        autocapitalize="off"
        spellcheck=${!1}
        required
      />
      <button type="submit" disabled=${n}>Open the inspector</button>
    </div>
    <p class="muted">The page keeps it for this tab until the tab closes, and sends it to this server only.</p>
  </form>`}function Ht(t){let[e,n]=T(null),[s,r]=T(0),[o,a]=T(!1),[c,l]=T(null),h=L(!1),u=we(()=>{let f=V===null?"missing":h.current?"refused-pasted":"refused-kept";n(i=>i!==null&&f==="missing"?i:f),V=null,Ie(null)},[]);return{need:e,attempt:s,checking:o,problem:c,askForToken:u,tryToken:async f=>{V=f,h.current=!0,a(!0),l(null);try{await C("GET","/version"),Ie(f),h.current=!1,t(),n(null)}catch(i){ae(i)?u():l(G(i)),r(p=>p+1)}finally{a(!1)}}}}function qt(t,e){let[n,s]=T(null),[r,o]=T(null),a=L(null),c=we(async()=>{let[h,u]=await Promise.all([C("GET","/snapshot?limit=50"),C("GET","/requests?limit=50")]);s({...h,requests:u.reverse()})},[]);return re(()=>{if(!t)return;let h=!1,u,_=async()=>{try{let{version:f}=await C("GET","/version");f!==a.current&&(await c(),a.current=f),o(null)}catch(f){if(ae(f))return e();o(G(f))}h||(u=setTimeout(_,kt))};return _(),()=>{h=!0,clearTimeout(u)}},[c,t,e]),{snapshot:n,error:r,reload:c,forget:()=>{a.current=null}}}function Ft(){let[t,e]=T(null),n=L(()=>{}),{need:s,attempt:r,checking:o,problem:a,askForToken:c,tryToken:l}=Ht(()=>n.current()),{snapshot:h,error:u,reload:_,forget:f}=qt(s===null,c);n.current=f;let i=()=>{Ct().then(m=>e(`Saved the state as ${m}`),m=>{ae(m)&&c(),e(`Save state: ${G(m)}`)})},p=(m,g)=>{g().then(()=>e(`${m}: done`)).catch(y=>{ae(y)&&c(),e(`${m}: ${G(y)}`)}).finally(()=>{_().catch(()=>{})})};return s!==null?d`<main>
      <header><h1>Mock inspector</h1></header>
      <${Lt} need=${s} attempt=${r} checking=${o} problem=${a} onToken=${l} />
    </main>`:h?d`<${zt} snapshot=${h} error=${u} notice=${t} act=${p} save=${i} />`:d`<main>
      <p role=${u?"alert":void 0}>${u??"Loading the mock\u2019s state..."}</p>
    </main>`}function zt({snapshot:t,error:e,notice:n,act:s,save:r}){let[o,a]=T(location.hash.replace("#","")||"merchants"),c=(Se.find(([l])=>l===o)??Se[0])[2];return d`<main>
    <header>
      <h1>Mock inspector</h1>
      ${e?d`<span class="error" role="alert">${e}</span>`:d`<span class="live">live</span>`}
      <button
        class="secondary header-action"
        title="Download the complete state, to load with --state, mock.load() or POST /__mock/snapshot"
        onClick=${r}
      >
        Save state
      </button>
    </header>
    <${xt} snapshot=${t} act=${s} />
    ${n?d`<p class="notice" role="status">${n}</p>`:""}
    <nav role="tablist">
      ${Se.map(([l,h])=>d`<button
          role="tab"
          aria-selected=${o===l}
          onClick=${()=>{a(l),history.replaceState(null,"",`#${l}`)}}
        >
          ${h}
        </button>`)}
    </nav>
    <section role="tabpanel"><${c} snapshot=${t} act=${s} /></section>
  </main>`}$e(d`<${Ft} />`,document.getElementById("app"));
